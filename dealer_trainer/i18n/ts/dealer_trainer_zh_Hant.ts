<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_Hant">
<context>
    <name></name>
    <message>
        <location filename="../../drills/caribbean_stud.py" line="+55"/>
        <source>royal flush (黃袍麒)</source>
        <translation>黃袍麒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>straight flush (同花順)</source>
        <translation>同花順</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+13"/>
        <source>four of a kind (四條)</source>
        <translation>四條</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>full house (夫盧)</source>
        <translation>夫盧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>flush (同花)</source>
        <translation>同花</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>straight (順)</source>
        <translation>順</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+13"/>
        <source>three of a kind (三條)</source>
        <translation>三條</translation>
    </message>
    <message>
        <location line="-12"/>
        <location line="+13"/>
        <source>two pairs (兩對)</source>
        <translation>兩對</translation>
    </message>
    <message>
        <location line="-12"/>
        <location line="+13"/>
        <source>one pair (一對)</source>
        <translation>一對</translation>
    </message>
    <message>
        <location line="-12"/>
        <location line="+13"/>
        <source>high card (五張散牌)</source>
        <translation>五張散牌</translation>
    </message>
    <message>
        <location line="+148"/>
        <source>What is this hand: {cards}?</source>
        <translation>{cards}是甚麼組合？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{cards}: {name}.</source>
        <translation>{cards}：{name}。</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Hand A: {cards}</source>
        <translation>A手牌：{cards}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hand B: {cards}</source>
        <translation>B手牌：{cards}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A tie: the hands push</source>
        <translation>和局：兩手牌不分勝負</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Which hand wins?</source>
        <translation>哪一手牌勝？</translation>
    </message>
    <message>
        <location line="+142"/>
        <source>The dealer qualifies: open the players&apos; cards.</source>
        <translation>莊荷合資格：開博彩者的牌。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The dealer does not qualify: pay every ante 1 to 1 and return every raise.</source>
        <translation>莊荷不合資格：每門原注一賠一，加注全數退回。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The dealer turns over {cards}. Does the dealer qualify?</source>
        <translation>莊荷的牌是{cards}。莊荷是否合資格？</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>it qualifies (at least A and K, or a pair or better).</source>
        <translation>合資格（至少有A和K，或一對或以上）。</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>qualifies</source>
        <translation>合資格</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>does not qualify</source>
        <translation>不合資格</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Ante {ante} wins {win} (1 to 1); the raise of {raised} is returned (Art. 9(2)).</source>
        <translation>原注{ante}贏{win}（一賠一）；加注{raised}退回（第九條（二）項）。</translation>
    </message>
    <message>
        <location line="+50"/>
        <location filename="../../drills/craps.py" line="+190"/>
        <location filename="../../drills/roulette.py" line="+120"/>
        <location filename="../../drills/sic_bo.py" line="+208"/>
        <source>Total to pay: {total}.</source>
        <translation>合共賠：{total}。</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>The dealer&apos;s hand is higher: collect the ante and the raise (Art. 9(4)).</source>
        <translation>莊荷的牌較大：收去原注及加注（第九條（四）項）。</translation>
    </message>
    <message>
        <location line="-333"/>
        <source>Art. 8 decides for the other hand. {why}</source>
        <translation>按第八條，是另一手牌勝。{why}</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Class first: the higher class of Art. 8 wins, whatever the cards in it.</source>
        <translation>先比組合：第八條中較大的組合勝，不論組合內的牌。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Two royal flushes: the higher suit wins (♠ &gt; ♥ &gt; ♣ &gt; ♦) (Art. 8(1)).</source>
        <extracomment>Art. 8, item by item: how two hands of the same class are compared.</extracomment>
        <translation>兩手黃袍麒：持花色較大者勝（♠ &gt; ♥ &gt; ♣ &gt; ♦）（第八條（一）項）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two straight flushes: the higher top card wins (K-Q-J-10-9 the highest, 5-4-3-2-A the lowest); equal ranks: the higher suit (Art. 8(2)).</source>
        <translation>兩手同花順：最大一張牌點數較大者勝（K、Q、J、10、9最大，5、4、3、2、A最小）；點數相同：持花色較大者勝（第八條（二）項）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Two fours of a kind: the higher four wins; the fifth card does not count (Art. 8(3)).</source>
        <translation>兩手四條：點數較大的四條勝；另一張牌不計（第八條（三）項）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two full houses: the higher three of a kind wins; the pair does not count (Art. 8(4)).</source>
        <translation>兩手夫盧：以點數相同的三張牌定勝負，點數較大者勝；對子不計（第八條（四）項）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two flushes: the highest cards are compared, then the next highest, and so on; all equal: the higher suit (Art. 8(5)).</source>
        <translation>兩手同花：先比點數最大的一張，再比次大的一張，如此類推；各牌點數均相同：持花色較大者勝（第八條（五）項）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Two straights: the higher top card wins (5-4-3-2-A is the lowest, its top card the 5); equal ranks: the suit of the highest card (Art. 8(6)).</source>
        <translation>兩手順：最大一張牌點數較大者勝（5、4、3、2、A最小，其最大一張為5）；點數相同：以點數最大一張牌的花色定勝負（第八條（六）項）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Two threes of a kind: the higher three wins; the two odd cards do not count (Art. 8(7)).</source>
        <translation>兩手三條：點數較大的三條勝；兩張散牌不計（第八條（七）項）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two pairs against two pairs: the higher pair first, then the lower pair, then the odd card; all equal: the suit of the higher pair (Art. 8(8)).</source>
        <translation>兩對對兩對：先比點數較大的一對，再比另一對，然後比散牌；各牌點數均相同：以點數較大的一對牌之花色定勝負（第八條（八）項）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Pair against pair: the pair&apos;s rank first, then the odd cards from the highest down; all equal: the suit of the pair (Art. 8(9)).</source>
        <translation>一對對一對：先比對子的點數，再由最大的一張散牌比起；各牌點數均相同：以對子的花色定勝負（第八條（九）項）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Five odd cards: the highest cards are compared, then the next highest, and so on; all equal: the suit of the highest card (Art. 8(10)).</source>
        <translation>五張散牌：先比點數最大的一張，再比次大的一張，如此類推；各牌點數均相同：以點數最大一張牌的花色定勝負（第八條（十）項）。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>hand A</source>
        <translation>A手牌</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>hand B</source>
        <translation>B手牌</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{rule} Same ranks, so the suit decides: {hand} has the {card}, the other hand the {other}.</source>
        <translation>{rule}點數相同，以花色定勝負：{hand}有{card}，另一手牌有{other}。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{rule} Compared in that order, hand A has {ranks_a} and hand B has {ranks_b}: {hand} wins.</source>
        <translation>{rule}按此次序比較，A手牌為{ranks_a}，B手牌為{ranks_b}：{hand}勝。</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Art. 9(1) asks the dealer to hold at least an ace and a king, and Art. 9(3) opens the boxes when the dealer&apos;s hand is the same or greater: the dealer qualifies with A-K high or any pair or better.</source>
        <extracomment>Art. 9(1), (3), as the ruleset&apos;s setting ``dealer_qualification`` reads them.</extracomment>
        <translation>第九條（一）項規定莊荷必須至少有一張A和一張K，（三）項規定莊荷的牌與此相同或更大時開博彩者的牌：莊荷持A、K或任何一對或以上即合資格。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>{cards} holds no pair and not both an ace and a king: the dealer does not qualify (Art. 9(1)).</source>
        <translation>{cards}沒有對子，也不是同時有A和K：莊荷不合資格（第九條（一）項）。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>it does not qualify (no pair, and not both an ace and a king).</source>
        <translation>不合資格（沒有對子，也不是同時有A和K）。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>a royal flush&apos;s raise pays {ratio} to 1 here: Art. 9(5)(9) lets the house choose from 50 to 1 up to 100 to 1, with the approval of the DICJ (Art. 13).</source>
        <translation>本場“黃袍麒”的加注一賠{ratio}：第九條（五）項（9）分項容許場方在一賠五十至一賠一百之間選擇，須獲博彩監察協調局許可（第十三條）。</translation>
    </message>
    <message>
        <location line="+111"/>
        <source>Same ranks: under this house&apos;s rule the ante and the raise are returned.</source>
        <translation>點數相同：按本場的規則，原注及加注退回。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>equal ranks push here, where Art. 8 would let the suit decide.</source>
        <translation>本場點數相同作和局，而按第八條應以花色定勝負。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Box 4 raised on an ante of {ante}. How much do you pay box 4? (Stakes returned are not part of the payout.)</source>
        <translation>第4門下了原注{ante}並已加注。你應賠第4門多少？（退回的注碼不計入派彩。）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Does the dealer qualify? Then who wins? Then the raise by the pay table.</source>
        <translation>先看莊荷是否合資格，再看誰勝，然後按派彩表賠加注。</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Pool before the round: {pool}.</source>
        <extracomment>The minimum the pool restarts from once a royal flush takes it (Art. 10(8)).</extracomment>
        <translation>本局前彩池：{pool}。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Pool after the round: {after} (a royal flush took it: it restarts at its minimum).</source>
        <translation>本局後彩池：{after}（“黃袍麒”已派出全部彩池：由最低金額開始重新累積）。</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Straight flush: 10% of the pool as it stood before the round&apos;s first award, or the fixed award, the higher; royal flush: the pool the straight flushes left, or the fixed award, the higher; four of a kind, full house, flush: the fixed award.</source>
        <translation>同花順：本局派出第一項彩金前彩池的一成（10%）或定額彩金，取其較高者；黃袍麒：同花順派彩後餘下的彩池或定額彩金，取其較高者；四條、夫盧、同花：定額彩金。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Straight flush: 10% of the pool as it stands, or the fixed award, the higher; royal flush: the pool or the fixed award, the higher; four of a kind, full house, flush: the fixed award.</source>
        <translation>同花順：當時彩池的一成（10%）或定額彩金，取其較高者；黃袍麒：彩池或定額彩金，取其較高者；四條、夫盧、同花：定額彩金。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Paid in the order {order}: box by box from the dealer&apos;s left (Art. 10(4)), the royal flush after every other award (Art. 10(7)).</source>
        <translation>派彩次序為{order}：由莊荷左手邊的第一門起逐門派出（第十條（四）項），“黃袍麒”在所有其他彩金之後（第十條（七）項）。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Paid in the order {order}: box by box from the dealer&apos;s left (Art. 10(4)).</source>
        <translation>派彩次序為{order}：由莊荷左手邊的第一門起逐門派出（第十條（四）項）。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Box {box}, {name}: 10% of {base} = {award}, more than the fixed award; the pool goes from {before} to {after}.</source>
        <translation>第{box}門，{name}：{base}的一成＝{award}，高於定額彩金；彩池由{before}減至{after}。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Box {box}, {name}: the fixed award, {award} (10% of {base} is not more); paid by the house, the pool stays at {after}.</source>
        <translation>第{box}門，{name}：定額彩金{award}（{base}的一成並不較高）；由場方支付，彩池仍為{after}。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Box {box}, {name}: the pool, {award}, more than the fixed award.</source>
        <translation>第{box}門，{name}：全部彩池{award}，高於定額彩金。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Box {box}, {name}: the fixed award, {award} (the pool, {before}, is not more); paid by the house, the pool stays at {after}.</source>
        <translation>第{box}門，{name}：定額彩金{award}（彩池{before}並不較高）；由場方支付，彩池仍為{after}。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Box {box}, {name}: the fixed award, {award}, paid by the house; it leaves the pool as it is.</source>
        <translation>第{box}門，{name}：定額彩金{award}，由場方支付；彩池不變。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Art. 10(6), 「各得“累進大獎”之一成」: each straight flush of the round receives 10% of the same jackpot, the pool as it stood before the round&apos;s first award.</source>
        <translation>第十條（六）項「各得“累進大獎”之一成」：本局每手“同花順”各得同一“累進大獎”的一成，即本局派出第一項彩金前的彩池。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Art. 10(6): each straight flush receives 10% of the pool as the previous award left it (this house&apos;s setting).</source>
        <translation>第十條（六）項：每手“同花順”各得上一項彩金派出後彩池的一成（本場的設定）。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Art. 10(7): every royal flush is paid after all other awards of the round and takes the pool as they left it (this house&apos;s setting).</source>
        <translation>第十條（七）項：每手“黃袍麒”均在本局所有其他彩金派出後才派彩，並得其後餘下的彩池（本場的設定）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>An award paid at its fixed amount is paid by the house and leaves the pool as it is; only a share of the pool reduces it (Art. 10(8)).</source>
        <translation>按定額彩金派出的彩金由場方支付，彩池不變；只有從彩池派出的分額才令彩池減低（第十條（八）項）。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>When the share of the pool equals the fixed award, the fixed award is paid, by the house, and the pool stays.</source>
        <translation>彩池的分額與定額彩金相同時，由場方支付定額彩金，彩池不變。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A share of the pool is rounded down to the cent.</source>
        <translation>彩池的分額以仙為單位向下捨去。</translation>
    </message>
    <message>
        <location line="-227"/>
        <source>Pool after the round: {after}.</source>
        <translation>本局後彩池：{after}。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The progressive is paid on the player&apos;s hand alone, whether or not the dealer qualifies (Art. 10(2)).</source>
        <translation>累進大獎只按博彩者的牌派彩，不論莊荷合資格與否（第十條（二）項）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>When a royal flush takes the pool, the pool restarts at its minimum, {minimum} (Art. 10(8)).</source>
        <translation>“黃袍麒”派出全部彩池後，彩池由最低金額{minimum}開始重新累積（第十條（八）項）。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The progressive pool shows {pool}. Every box bet the progressive. What does box {box} receive from the progressive?</source>
        <translation>累進大獎彩池顯示{pool}。每門均有投注累進大獎。第{box}門獲派多少累進大獎彩金？</translation>
    </message>
    <message>
        <location line="+197"/>
        <source>While dealing from the shoe you expose one player&apos;s card by mistake.</source>
        <translation>用派牌盒派牌時，你錯誤陽開了一張博彩者的牌。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>While dealing from the shoe you expose one of the dealer&apos;s own cards by mistake.</source>
        <translation>用派牌盒派牌時，你錯誤陽開了一張莊荷自己的牌。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>While dealing you expose two cards by mistake.</source>
        <translation>派牌時，你錯誤陽開了兩張牌。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>You deal a hand to box 5, where nobody has bet.</source>
        <translation>你派了一手牌給沒有人下注的第5門。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shuffling machine jams halfway through the deal.</source>
        <translation>派牌途中洗牌機失靈。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Box 2 has received six cards.</source>
        <translation>第2門派了六張牌。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>You dealt the dealer&apos;s cards first, before the boxes.</source>
        <translation>你先派莊荷的牌，後派各門。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>The round is void: antes and raises are returned, progressive bets carry over to the next round, bets are placed again and the cards dealt again.</source>
        <extracomment>The rulings a misdeal item offers (Art. 11), by key.</extracomment>
        <translation>該局無效：原注及加注退回，累進大獎的投注轉到下一局，然後重新投注及派牌。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The round stands and play goes on as usual.</source>
        <translation>該局維持有效，牌局如常進行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The round stands; the exposed dealer&apos;s card stays up and the dealer&apos;s other cards, the fifth included, are dealt face down.</source>
        <translation>該局維持有效；被陽開的莊荷牌繼續陽開，莊荷其餘的牌（包括第五張）全部牌面向下派出。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>That hand is dead; the round goes on as usual.</source>
        <translation>該門作廢；牌局如常進行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The round is void and every bet is returned, the progressive bets included.</source>
        <translation>該局無效，所有投注退回，包括累進大獎的投注。</translation>
    </message>
    <message>
        <location line="-28"/>
        <source>{situation} What does the regulation rule?</source>
        <translation>{situation}規章如何處理？</translation>
    </message>
    <message>
        <location line="-930"/>
        <source>a royal flush (黃袍麒)</source>
        <extracomment>The hand classes as a sentence names a hand: &quot;Dealer: …, two pairs (兩對)&quot;, &quot;is a flush (同花)&quot;.</extracomment>
        <translation>黃袍麒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a straight flush (同花順)</source>
        <translation>同花順</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a full house (夫盧)</source>
        <translation>夫盧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a flush (同花)</source>
        <translation>同花</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a straight (順)</source>
        <translation>順</translation>
    </message>
    <message>
        <location line="+135"/>
        <source>This hand is {name}, not {wrong} (Art. 8).</source>
        <extracomment>Hand classes high to low (Art. 8 order). Hand classes to draw, by difficulty (rare ones are made on purpose).</extracomment>
        <translation>這手牌是{name}，不是{wrong}（第八條）。</translation>
    </message>
    <message>
        <location line="+141"/>
        <source>Both hands hold {name} with the same ranks: under this house&apos;s rule the hands push.</source>
        <translation>兩手牌均為{name}且點數相同：按本場的規則作和局。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The class decides first (Art. 8): {better} beats {worse}; {hand} wins.</source>
        <translation>先以組合定勝負（第八條）：{better}大過{worse}；{hand}勝。</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>{cards} is {name}: A-K high or any pair or better qualifies (Art. 9(1), (3)).</source>
        <translation>{cards}是{name}：持A、K或任何一對或以上即合資格（第九條（一）及（三）項）。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>{cards} is {name}: {verdict}</source>
        <translation>{cards}是{name}：{verdict}</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>the raise of four of a kind, a straight flush or a royal flush may not exceed the maximum payout per round the house posts (Art. 9(5)(7)-(9)); this table posts none.</source>
        <translation>「四條」、「同花順」或「黃袍麒」的加注派彩不可超過場方預先定出的每局最高額（第九條（五）項(7)至(9)分項）；本桌未定出最高額。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the raise of four of a kind, a straight flush or a royal flush may not exceed the maximum payout per round the house posts (Art. 9(5)(7)-(9)); this table&apos;s maximum is {cap}.</source>
        <translation>「四條」、「同花順」或「黃袍麒」的加注派彩不可超過場方預先定出的每局最高額（第九條（五）項(7)至(9)分項）；本桌的最高額為{cap}。</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Dealer: {cards}, {name}; {qualifies}.</source>
        <translation>莊荷：{cards}，{name}；{qualifies}。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Ante {ante} × 1 = {ante_win}; raise {raised} × {ratio} = {raise_win}, as {article} pays {name}.</source>
        <translation>原注 {ante} × 1 = {ante_win}；加注 {raised} × {ratio} = {raise_win}，按{article}{name}的賠率。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Ante {ante} × 1 = {ante_win}; raise {raised} × {ratio} = {full_win}, as {article} pays {name}, capped at this table&apos;s maximum payout: {raise_win}.</source>
        <translation>原注 {ante} × 1 = {ante_win}；加注 {raised} × {ratio} = {full_win}，按{article}{name}的賠率，但以本桌每局最高額為限：{raise_win}。</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>the fixed awards are the house&apos;s, posted at the table (Art. 10(3)): royal flush {royal_flush}, straight flush {straight_flush}, four of a kind {four_of_a_kind}, full house {full_house}, flush {flush}.</source>
        <extracomment>The posted fixed awards of the progressive drills (Art. 10(3)).</extracomment>
        <translation>定額彩金由場方定出，在博彩桌上列明（第十條（三）項）：黃袍麒 {royal_flush}，同花順 {straight_flush}，四條 {four_of_a_kind}，夫盧 {full_house}，同花 {flush}。</translation>
    </message>
    <message>
        <location line="+150"/>
        <source>Paid in the order {order}: box by box from the dealer&apos;s left (Art. 10(4)), except that a royal flush seated before a straight flush waits for it and is paid right after the last straight flush (Art. 10(7)).</source>
        <translation>派彩次序為{order}：由莊荷左手邊的第一門起逐門派出（第十條（四）項），但門次在“同花順”之前的“黃袍麒”須等候，於最後一手“同花順”派彩後隨即派彩（第十條（七）項）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Paid in the order {order}: box by box from the dealer&apos;s left (Art. 10(4)); the straight flushes already come before the royal flush, so it keeps its turn (Art. 10(7)).</source>
        <translation>派彩次序為{order}：由莊荷左手邊的第一門起逐門派出（第十條（四）項）；“同花順”已在“黃袍麒”之前，故“黃袍麒”仍按其門次派彩（第十條（七）項）。</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>Art. 10(7) moves only the royal flush, and only as far as it must: it is paid at its own box&apos;s turn unless a straight flush of the round is still unpaid then, and in that case right after the last straight flush; it takes the pool as the straight flushes left it, and every other award keeps its box order.</source>
        <translation>第十條（七）項只移後“黃袍麒”，且只移至必要之處：“黃袍麒”按其門次派彩，除非當時本局仍有“同花順”未派彩，此時則在最後一手“同花順”派彩後隨即派彩；“黃袍麒”得“同花順”派彩後餘下的彩池，其餘彩金仍按各門次序派出。</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>The round is void: antes and raises are returned, progressive bets carry over to the next round; the machine is replaced or the cards are dealt from the shoe.</source>
        <translation>該局作廢：原注及加注退回，累進大獎的投注轉到下一局；另更換洗牌機或改用派牌盒派牌。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The round stands; the exposed dealer&apos;s card is turned down again and the dealer&apos;s fifth card is dealt face up as usual.</source>
        <translation>該局維持有效；被陽開的莊荷牌重新蓋上，莊荷的第五張牌照常牌面向上派出。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The round stands and the hand in the empty box is played like the others.</source>
        <translation>該局維持有效，沒有下注一門的牌與其他各門一樣參與牌局。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>This irregularity voids the round ({article}).</source>
        <extracomment>The wrong rulings each right one is offered with: each is wrong by Art. 11 for that case. &quot;The round stands and play goes on as usual&quot; is never offered where it is also true (a hand to an empty box, Art. 11(3); one exposed dealer&apos;s card, where the round stands too), and the two void rulings never together.</extracomment>
        <translation>這項違規令該局無效（{article}）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>That is the rule for one exposed dealer&apos;s card only (Art. 11(2)); this irregularity voids the round ({article}).</source>
        <translation>這只是錯誤陽開一張莊荷牌時的處理方法（第十一條（二）項）；這項違規令該局無效（{article}）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>That is the rule for cards dealt to a box without a bet (Art. 11(3)); this irregularity voids the round ({article}).</source>
        <translation>這是錯誤派牌給沒有下注的一門時的處理方法（第十一條（三）項）；這項違規令該局無效（{article}）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The progressive bets are not returned: they carry over to the next round ({article}).</source>
        <translation>累進大獎的投注不會退回：自動轉到下一局（{article}）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cards dealt to a box without a bet do not void the round: that hand is dead and the round goes on as usual (Art. 11(3)).</source>
        <translation>錯誤派牌給沒有下注的一門不會令該局無效：該門作廢，牌局如常進行（第十一條（三）項）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No card was exposed: the cards went to a box without a bet, so that hand is dead and the round goes on as usual (Art. 11(3)).</source>
        <translation>沒有牌被陽開：牌派給了沒有下注的一門，所以該門作廢，牌局如常進行（第十一條（三）項）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A hand dealt to a box without a bet is dead: it is not played (Art. 11(3)).</source>
        <translation>派給沒有下注一門的牌作廢：不參與牌局（第十一條（三）項）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>One card exposed by mistake does not void the round: it stands (Art. 11(2)).</source>
        <translation>錯誤陽開一張牌不會令該局無效：該局維持有效（第十一條（二）項）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The exposed dealer&apos;s card stays face up, and the dealer&apos;s other cards, the fifth included, are dealt face down (Art. 11(2)).</source>
        <translation>被陽開的莊荷牌繼續陽開，莊荷其餘的牌（包括第五張）全部牌面向下派出（第十一條（二）項）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No hand is dead: one card was exposed, the round stands, and the exposed dealer&apos;s card stays face up while the dealer&apos;s other cards are dealt face down (Art. 11(2)).</source>
        <translation>沒有一門作廢：只是一張牌被陽開，該局維持有效；被陽開的莊荷牌繼續陽開，莊荷其餘的牌牌面向下派出（第十一條（二）項）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>That is the rule when the exposed card is the dealer&apos;s (Art. 11(2)); a player&apos;s card: play goes on as usual.</source>
        <translation>這是被陽開的牌屬莊荷時的處理方法（第十一條（二）項）；屬博彩者的牌：牌局如常進行。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The exposed card is a player&apos;s: play goes on as usual, and the dealer&apos;s fifth card is dealt face up as always (Art. 11(2), Art. 7).</source>
        <translation>被陽開的是博彩者的牌：牌局如常進行，莊荷的第五張牌照常牌面向上派出（第十一條（二）項、第七條）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No hand is dead: one card was exposed, the round stands and play goes on as usual (Art. 11(2)).</source>
        <translation>沒有一門作廢：只是一張牌被陽開，該局維持有效，牌局如常進行（第十一條（二）項）。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>the dealer</source>
        <translation>莊荷</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>box {box}</source>
        <translation>第{box}門</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{where}, face up</source>
        <translation>{where}，牌面向上</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{where}, face down</source>
        <translation>{where}，牌面向下</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cards go left to right to the boxes with a bet, the dealer last; only the dealer&apos;s fifth card is face up (Art. 7).</source>
        <translation>由左至右派給有投注的各門，莊荷最後獲牌；只有莊荷的第五張牌牌面向上（第七條）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>one card at a time from the shoe</source>
        <translation>用派牌盒每次派一張</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>five cards at a time from the shuffling machine</source>
        <translation>用洗牌機每次派五張</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Boxes {boxes} have bets. Dealing {how}, where does card number {number} go?</source>
        <translation>第{boxes}門有投注。{how}，第{number}張牌派到哪裏？</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Order of seats: {order}, then the dealer; card {number} goes to {where}.</source>
        <translation>派牌次序：第{order}門，然後莊荷；第{number}張牌派到{where}。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Name the hand</source>
        <extracomment>The skills of this game, in the order the launcher lists them (drills.skills gathers them).</extracomment>
        <translation>說出紙牌組合</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The ten hands of Art. 8.</source>
        <translation>第八條的十種組合。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Compare hands</source>
        <translation>比較組合大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which hand wins, down to the suit (♠ &gt; ♥ &gt; ♣ &gt; ♦).</source>
        <translation>哪一手牌勝，直至以花色定勝負（♠ &gt; ♥ &gt; ♣ &gt; ♦）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Does the dealer qualify?</source>
        <translation>莊荷是否合資格？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At least an ace and a king (Art. 9(1)).</source>
        <translation>至少一張A和一張K（第九條（一）項）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Ante and raise</source>
        <translation>原注及加注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ante 1 to 1, the raise by the pay table of Art. 9(5).</source>
        <translation>原注一賠一，加注按第九條（五）項的派彩表賠。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Progressive jackpot</source>
        <translation>累進大獎</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Awards, their order and the pool (Art. 10).</source>
        <translation>彩金、派彩次序及彩池（第十條）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Misdeals</source>
        <translation>派牌不當</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exposed cards, empty boxes, a failing shuffler (Art. 11).</source>
        <translation>錯誤陽開的牌、沒有下注的門、洗牌機失靈（第十一條）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Dealing order</source>
        <translation>派牌次序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Left to right, the dealer last, the fifth card face up (Art. 7).</source>
        <translation>由左至右，莊荷最後，莊荷第五張牌面向上（第七條）。</translation>
    </message>
    <message>
        <location filename="../../drills/bet_names.py" line="+139"/>
        <source>{bet} — {stake}</source>
        <translation>{bet} — {stake}</translation>
    </message>
    <message>
        <location line="-109"/>
        <source>a line bet</source>
        <extracomment>An odds bet whose line or come bet is not on the table any more.</extracomment>
        <translation>一注線注</translation>
    </message>
    <message>
        <location line="+188"/>
        <source>a bet that is not on the table</source>
        <extracomment>How a bet is named when it is not on the table (an answer named a bet the item has not).</extracomment>
        <translation>一注不在檯面上的投注</translation>
    </message>
    <message>
        <location filename="../../drills/craps.py" line="-2"/>
        <source>Nothing wins on this throw: there is nothing to pay.</source>
        <translation>這次擲骰沒有投注贏：無須派彩。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Pay only the bets this throw decided; the stake stays with the player.</source>
        <translation>只賠這次擲骰定出輸贏的投注；注碼仍歸博彩者。</translation>
    </message>
    <message>
        <location line="+199"/>
        <location line="+317"/>
        <location filename="../../drills/grading.py" line="+107"/>
        <location filename="../../drills/roulette.py" line="+336"/>
        <location filename="../../drills/sic_bo.py" line="-5"/>
        <location line="+230"/>
        <location line="+137"/>
        <location filename="../../ui/kit/rendering.py" line="+146"/>
        <source>{first}, {next}</source>
        <extracomment>The drill screens&apos; style sheet: large readable type, clear right/wrong colours.</extracomment>
        <translation>{first}、{next}</translation>
    </message>
    <message>
        <location line="-294"/>
        <source>{first}-{second} ({total})</source>
        <translation>{first}-{second}（{total}點）</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+30"/>
        <source>The shooter throws {throw}. How much do you pay in all?</source>
        <translation>擲骰者擲出{throw}。你合共要賠多少？</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Pass Line {line}, the point is {point}. In chips of {chip}, what is the largest odds bet the player may take?</source>
        <translation>派司拉投注{line}，點數為{point}。以{chip}的籌碼計，博彩者最多可作多少附加投注？</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The odds&apos; win may never exceed the line bet (Art. 2(2)); on {point} odds pay {ratio}.</source>
        <translation>附加投注的彩金永不可超過原來的派司拉投注（第二條第二款）；{point}點的附加投注賠率為{ratio}。</translation>
    </message>
    <message>
        <location line="-164"/>
        <location line="+167"/>
        <source>{win} to {stake}</source>
        <translation>{stake}賠{win}</translation>
    </message>
    <message>
        <location line="-358"/>
        <source>Losing bets, to collect: {bets}.</source>
        <extracomment>The table as the last throw found it: what the felt shows, and how its bets are named.</extracomment>
        <translation>輸注，須收去：{bets}。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{bet}: {number} is its come point; it moves to {number} ({article})</source>
        <translation>{bet}：{number}是其點數；移到{number}（{article}）</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>{bet}: {stake} at {ratio} wins {win} ({article})</source>
        <translation>{bet}：注碼{stake}，按{ratio}，贏{win}（{article}）</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>{article} prices the Big bets in dollars (&quot;$6,00&quot;, &quot;$5,00&quot;); this ruleset reads one dollar as {unit} of the table&apos;s currency, so a block is {block}.</source>
        <translation>{article}以元訂定大注（「$6,00」、「$5,00」）；本規則集把一元讀作賭枱貨幣的{unit}，故一注組為{block}。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{bet}: {blocks} × {block} at {ratio} win {block_win}, and the remainder {rest} at {short} wins {rest_win} (an interpretation, see below): {win} in all ({article})</source>
        <translation>{bet}：{blocks} × {block}按{ratio}贏{block_win}，餘數{rest}按{short}贏{rest_win}（屬詮釋，見下文）：合共{win}（{article}）</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>{article} fixes the win of one block of {block} and of a bet under it, not of a remainder over full blocks; the remainder is paid {short}, as a bet under the block is.</source>
        <translation>{article}只訂明一注{block}及少於{block}的投注的彩金，沒有訂明整注以外的餘數；餘數按{short}賠，與少於一注單位的投注相同。</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>{bet}: {blocks} × {block} at {ratio}: {stake} wins {win} ({article})</source>
        <translation>{bet}：{blocks} × {block}按{ratio}：注碼{stake}，贏{win}（{article}）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{bet}: {stake} is under one block of {block}, so it is paid {short}: wins {win} ({article})</source>
        <translation>{bet}：注碼{stake}少於一注{block}，所以按{short}賠：贏{win}（{article}）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{bet}: {stake} is under one block of {block}, paid {short} (an interpretation, see below): wins {win} ({article})</source>
        <translation>{bet}：注碼{stake}少於一注{block}，按{short}賠（屬詮釋，見下文）：贏{win}（{article}）</translation>
    </message>
    <message>
        <location line="-62"/>
        <source>{article} does not say how a Big {number} bet under {block} is paid: {short}, as Arts. 9 and 10 pay a bet under the block.</source>
        <translation>{article}沒有說明少於{block}的大{number}投注如何賠：按{short}賠，與第九條及第十條對少於一注單位的投注相同。</translation>
    </message>
    <message>
        <location line="-109"/>
        <source>{bet}: not decided; its stake is handed back ({article})</source>
        <translation>{bet}：沒有結果；注碼退回（{article}）</translation>
    </message>
    <message>
        <location line="+194"/>
        <source>{bet}: 12 is a tie for it; the tie decides nothing, so the bet stays where it is, untouched (nothing collected, paid or handed back), and the next throw is again its first ({article})</source>
        <translation>{bet}：12對它是和局；和局不決定任何結果，所以注碼留在原位，不動（不收、不賠、不退），下一擲仍是它的第一擲（{article}）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{bet}: {number} becomes the point; no decision on this throw, it stays on the layout ({article})</source>
        <translation>{bet}：{number}成為點數；這次擲骰沒有結果，留在檯面上（{article}）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{bet}: no decision on this throw; it stays on the layout ({article})</source>
        <translation>{bet}：這次擲骰沒有結果；留在檯面上（{article}）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{bet} ({stake}, {article})</source>
        <translation>{bet}（{stake}，{article}）</translation>
    </message>
    <message>
        <location line="+116"/>
        <source>the largest odds bet</source>
        <translation>最大的附加投注</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The largest odds bet wins exactly the line bet: {line} × {inverse} = {exact}.</source>
        <translation>最大的附加投注所贏的恰好等於派司拉投注：{line} × {inverse} = {exact}。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>In chips of {chip}: {largest}.</source>
        <translation>以{chip}的籌碼計：{largest}。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Which odds bet wins exactly the amount of the line bet?</source>
        <translation>多少附加投注所贏的恰好等於派司拉投注的金額？</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/craps/irregular.py" line="+193"/>
        <source>{article} says the odds&apos; win &quot;may never exceed&quot; the line bet; the limit is applied when the odds are taken, so the largest odds bet is the one whose win equals the line bet, and a larger one is refused.</source>
        <translation>{article}規定附加投注的彩金「永不可超過」原來的投注；此限額在接受附加投注時執行，所以最大的附加投注是其彩金恰好等於線注的投注，更大的投注不予接受。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The point is {point}; the shooter throws {throw}. How much do you pay?</source>
        <translation>點數為{point}；擲骰者擲出{throw}。你要賠多少？</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The shooter throws {throw}. How much do you pay?</source>
        <translation>擲骰者擲出{throw}。你要賠多少？</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>{bet} ({stake}) loses on this throw ({article}).</source>
        <translation>{bet}（{stake}）在這次擲骰輸（{article}）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{bet} ({stake}) wins on this throw ({article}).</source>
        <translation>{bet}（{stake}）在這次擲骰贏（{article}）。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The shooter throws {throw}. Click the bets in the order you settle them.</source>
        <translation>擲骰者擲出{throw}。請按你殺賠的次序點選各注。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Settle only the bets this throw decided, losing bets first; the others stay on the layout.</source>
        <translation>只結算這次擲骰有結果的投注，先收輸注；其餘投注留在檯面上。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>every losing bet is collected before any winner is paid. The craps regulation sets no order of settlement; this is the table&apos;s procedure.</source>
        <translation>先收去所有輸注，才賠任何贏注（先殺後賠）。花旗骰規章並無規定結算次序；這是賭檯的程序。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>this table settles the decided bets in any order; the craps regulation sets no order of settlement.</source>
        <translation>本賭檯結算有結果的投注時次序不拘；花旗骰規章並無規定結算次序。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The right order: first collect {losers}; then pay {winners}.</source>
        <translation>正確次序：先收去{losers}；然後賠{winners}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The right order: settle {bets}, in any order.</source>
        <translation>正確次序：結算{bets}，次序不拘。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>A bet you settled is not on the layout.</source>
        <translation>你結算的其中一注並不在檯面上。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} ties on 12: the tie decides nothing, so it stays where it is, untouched ({article}).</source>
        <translation>{bet}遇12和局：和局不決定任何結果，所以留在原位，不動（{article}）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} has no decision on this throw: it stays on the layout ({article}).</source>
        <translation>{bet}在這次擲骰沒有結果：留在檯面上（{article}）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <location filename="../../drills/grading.py" line="+85"/>
        <location line="+122"/>
        <source>You settled {bet} twice.</source>
        <translation>你把{bet}結算了兩次。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{loser} must be collected before {winner} is paid; you paid {winner} first (table procedure, not in the regulation).</source>
        <translation>必須先收去{loser}，才賠{winner}；你先賠了{winner}（賭檯程序，規章並無規定）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{bet} loses on this throw and was never collected ({article}).</source>
        <translation>{bet}在這次擲骰輸，但沒有收去（{article}）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} is not decided and its stake was never handed back ({article}).</source>
        <translation>{bet}沒有結果，但注碼未有退回（{article}）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} wins on this throw and was never paid ({article}).</source>
        <translation>{bet}在這次擲骰贏，但沒有賠（{article}）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{bet} was never moved to its come point ({article}).</source>
        <translation>{bet}沒有移到其點數（{article}）。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>One die shows {face}; the other bounces off the table. What is the throw?</source>
        <translation>一粒骰子是{face}點；另一粒彈出檯外。這次擲骰的結果是甚麼？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No throw: it is invalid and repeated; no bet is decided.</source>
        <translation>無效擲骰：這次擲骰無效，須重擲；所有投注都不定輸贏。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Count the die on the table twice: {total}.</source>
        <translation>把檯上的骰子計兩次：{total}點。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A throw with a die off the table is not valid at all (Art. 1).</source>
        <translation>有骰子離開檯面的擲骰完全無效（第一條）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/craps/irregular.py" line="-116"/>
        <source>Throw the lost die again and add it to {face}.</source>
        <translation>重擲離開檯面的那粒骰子，再加上{face}點。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/craps/irregular.py" line="+3"/>
        <source>The whole throw is repeated, not one die (Art. 1).</source>
        <translation>須重擲整次，而非只擲一粒骰子（第一條）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>It counts as a 7: the line bets lose.</source>
        <translation>作7點計：線注輸。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An invalid throw decides no bet (Art. 1).</source>
        <translation>無效的擲骰不定任何投注的輸贏（第一條）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>One die shows {face}. The other leans on a chip stack: {high} is the more exposed upper face, {low} the less. What is the throw?</source>
        <translation>一粒骰子是{face}點。另一粒斜靠在一疊籌碼上：較外露的上面是{high}點，較不外露的是{low}點。這次擲骰的結果是甚麼？</translation>
    </message>
    <message>
        <location line="+8"/>
        <location filename="../../rules/craps/irregular.py" line="+45"/>
        <source>{total}: the most exposed upper face counts.</source>
        <translation>{total}點：以最外露的上面計。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No roll: a cocked die makes the throw invalid.</source>
        <translation>無效擲骰：骰子未平放，這次擲骰無效。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/craps/irregular.py" line="+8"/>
        <source>Only a die leaving the table makes a throw invalid (Art. 1).</source>
        <translation>只有骰子離開檯面，擲骰才無效（第一條）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/craps/irregular.py" line="+4"/>
        <source>{total}: the less exposed face counts.</source>
        <translation>{total}點：以較不外露的一面計。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../rules/craps/irregular.py" line="+4"/>
        <source>The most exposed upper face counts, {high}, not the less exposed {low} (Art. 1).</source>
        <translation>以最外露的上面計，即{high}，而非較不外露的{low}（第一條）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The dealer lifts the chip stack and lets the die fall.</source>
        <translation>莊荷拿起那疊籌碼，讓骰子跌下平放。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The die is read as it lies: its most exposed upper face (Art. 1).</source>
        <translation>骰子按停下時的位置讀數：以最外露的上面計（第一條）。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Line and come bets</source>
        <extracomment>The skills of this game, in the order the launcher lists them (drills.skills gathers them).</extracomment>
        <translation>線注及襟注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pass, Don&apos;t Pass, Come and Don&apos;t Come through a shooter&apos;s hand.</source>
        <translation>同一擲骰者整手擲骰中的派司拉、東派司、襟及東襟。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Largest odds bet</source>
        <translation>最大附加投注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The odds&apos; win may not exceed the line bet (Art. 2(2)).</source>
        <translation>附加投注的彩金不可超過原來的線注（第二條第二款）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Odds payouts</source>
        <translation>附加投注派彩</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line bets with odds at 2:1, 3:2, 6:5 and lay odds at 1:2, 2:3, 5:6.</source>
        <translation>線注連附加投注：派司拉方 2:1、3:2、6:5，東派司方 1:2、2:3、5:6。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>3, 4, 9, 10, 11 pay even; 2 and 12 pay double.</source>
        <translation>3、4、9、10、11 一賠一；2 和 12 一賠二。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Hard ways</source>
        <translation>硬路</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hard 6 and 8 pay 9 to 1, hard 4 and 10 pay 7 to 1.</source>
        <translation>硬6和硬8一賠九，硬4和硬10一賠七。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Big 7, Eleven, Any Craps</source>
        <translation>大七、十一、任何2、3、12點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One-roll bets at 4½, 15 and 7 to 1.</source>
        <translation>一次擲骰定輸贏的投注：一賠4½、一賠15、一賠7。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Big 6/8, 5/9, 4/10</source>
        <translation>大6/8、大5/9、大4/10</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>7 to 6, 7 to 5 and 9 to 5 on the full blocks, even money on the rest.</source>
        <translation>每滿6或5個單位分別按6賠7、5賠7、5賠9，餘數一賠一。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Collect, then pay</source>
        <translation>先殺後賠</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take every losing bet before paying any winner.</source>
        <translation>賠任何贏注之前，先收去所有輸注。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Invalid throws and cocked dice</source>
        <translation>無效擲骰及未平放的骰子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die off the table; a die that does not lie flat (Art. 1).</source>
        <translation>骰子離開檯面；骰子未平放（第一條）。</translation>
    </message>
    <message>
        <location line="-216"/>
        <location filename="../../drills/grading.py" line="-273"/>
        <source>Time is up.</source>
        <translation>時間到。</translation>
    </message>
    <message>
        <location filename="../../drills/grading.py" line="+11"/>
        <source>The right amount is {amount}.</source>
        <translation>正確金額是{amount}。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The right answer: {answer}</source>
        <translation>正確答案：{answer}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The right order: {order}.</source>
        <translation>正確次序：{order}。</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>{bets} (in any order)</source>
        <translation>{bets}（次序不拘）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{first} → {next}</source>
        <translation>{first} → {next}</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Your chips make {given}; the payout is {amount}.</source>
        <translation>你的籌碼合共{given}；應賠{amount}。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Your chips make {given}; {what} is {amount}.</source>
        <translation>你的籌碼合共{given}；{what}是{amount}。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Right amount, but {given} chips where {fewest} would do.</source>
        <translation>金額正確，但用了{given}個籌碼，其實{fewest}個已足夠。</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+4"/>
        <source>Right: {amount}.</source>
        <translation>正確：{amount}。</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>No amount was given.</source>
        <translation>沒有輸入金額。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>You said {given}; the payout is {amount} ({difference} {direction}).</source>
        <translation>你答{given}；應賠{amount}（{direction}{difference}）。</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>too much</source>
        <translation>多了</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>The right order shown follows {text} of Art. 5(1); {other} orders six-lines, streets and corners its own way, and its order is right too (see the worked solution).</source>
        <translation>所示的正確次序依照第五條（一）項的{text}；{other}對六門、三門一列及四門騎另有次序，按其次序亦屬正確（見解題步驟）。</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>too little</source>
        <translation>少了</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>You said {given}; {what} is {amount} ({difference} {direction}).</source>
        <translation>你答{given}；{what}是{amount}（{direction}{difference}）。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>{bet} is not settled now: leave it where it is.</source>
        <translation>{bet}此時未有結果：留在原處。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+123"/>
        <source>You settled {bet}.</source>
        <translation>你結算了{bet}。</translation>
    </message>
    <message>
        <location line="-117"/>
        <location line="+122"/>
        <source>You never collected {bet}.</source>
        <translation>你沒有收去{bet}。</translation>
    </message>
    <message>
        <location line="-120"/>
        <location line="+121"/>
        <source>You never paid {bet}.</source>
        <translation>你沒有賠{bet}。</translation>
    </message>
    <message>
        <location line="-102"/>
        <source>{before} must be collected before {early}; you collected {early} first.</source>
        <translation>{before}須在{early}之前收去；你先收了{early}。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{before} must be collected before {early} is paid; you paid {early} first.</source>
        <translation>{before}須在賠{early}之前收去；你先賠了{early}。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{before} must be paid before {early} is collected; you collected {early} first.</source>
        <translation>{before}須在收去{early}之前賠付；你先收了{early}。</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+98"/>
        <source>{before} must be paid before {early}; you paid {early} first.</source>
        <translation>{before}須在{early}之前賠付；你先賠了{early}。</translation>
    </message>
    <message>
        <location line="-91"/>
        <location filename="../../drills/roulette.py" line="-44"/>
        <source>the Portuguese text</source>
        <translation>葡文文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../drills/roulette.py" line="+2"/>
        <source>the Chinese text</source>
        <translation>中文文本</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>{problem} ({citation})</source>
        <translation>{problem}（{citation}）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>An order follows one official text of Art. 5(1) as a whole: the Portuguese text pays six-lines, then streets, then corners; the Chinese text pays six-lines and corners (in any order), then streets. Your order mixes the two.</source>
        <extracomment>An order that takes part of each text of Art. 5(1).</extracomment>
        <translation>賠注次序須整體依從第五條第一款其中一個正式文本：葡文文本先賠六門，再賠三門一列，後賠四門騎；中文文本先賠六門及四門騎（次序不拘），後賠三門一列。你的次序混合了兩個文本。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Your order follows both official texts of Art. 5(1): they differ on six-lines, streets and corners, and your order is right by each.</source>
        <translation>你的次序同時符合第五條第一款兩個正式文本：兩者在六門、三門一列及四門騎上有別，而你的次序依任一文本均正確。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Your order follows the Portuguese text of Art. 5(1): six-lines, then streets, then corners.</source>
        <translation>你的次序依從第五條第一款的葡文文本：先六門，再三門一列，後四門騎。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Your order follows the Chinese text of Art. 5(1): six-lines and corners (one step, in any order), then streets.</source>
        <translation>你的次序依從第五條第一款的中文文本：先六門、四門騎（同一步，次序不拘），後三門一列。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Collect every losing bet before you pay: {before} must be collected before {early} is paid; you paid {early} first.</source>
        <translation>先殺後賠：{before}須在賠{early}之前收去；你先賠了{early}。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} lost: it is collected, not paid.</source>
        <translation>{bet}已輸：應收去，不應賠付。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only one player&apos;s winning bets may be paid together.</source>
        <translation>只有同一客人的多注勝注可同時賠付。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{said} Neither official text of Art. 5(1) allows this; your order is held to {text}, the one it follows longest.</source>
        <translation>{said}第五條第一款兩個正式文本均不容許此次序；你的次序按{text}評核，即你依從最久的文本。</translation>
    </message>
    <message>
        <location filename="../../drills/craps.py" line="+3"/>
        <location filename="../../drills/grading.py" line="-131"/>
        <location line="+62"/>
        <source>Right order.</source>
        <translation>次序正確。</translation>
    </message>
    <message>
        <location filename="../../drills/grading.py" line="+86"/>
        <source>Right.</source>
        <translation>正確。</translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/bets.py" line="+142"/>
        <source>even</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>雙</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>odd</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>單</translation>
    </message>
    <message>
        <location filename="../../drills/roulette.py" line="-292"/>
        <source>Collect the losing bets first; they are not part of the payout.</source>
        <translation>先收去輸注；輸注不計入派彩。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Count each kind of bet on the number, multiply by its payout, then add up.</source>
        <translation>數清號碼上每類投注的注數，乘以各自的賠率，再相加。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>{count} {kind} × {ratio} × {stake} = {win} ({article})</source>
        <translation>{count}注{kind} × {ratio} × {stake} = {win}（{article}）</translation>
    </message>
    <message>
        <location line="+10"/>
        <location filename="../../drills/sic_bo.py" line="-364"/>
        <source>No bet wins: there is nothing to pay.</source>
        <translation>沒有投注中獎：無須派彩。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The red numbers: Art. 1 says the numbers alternate red and black but neither text lists them; the standard European set is used: {red}.</source>
        <translation>紅號碼：第一條只說各號碼刻在紅、黑相間底板上，兩個文本均未列出紅號碼；採用標準歐式紅號碼：{red}。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The nine-number bet: the text gives no figure of it; it is taken as three adjacent streets of the layout (a block such as 1-9 or 4-12).</source>
        <translation>九門：文本未有說明其形狀；取作檯面上相連的三個三門一列（例如1-9或4-12）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The nine-number bet: the text gives no figure of it; this ruleset takes nine neighbouring pockets of the wheel.</source>
        <translation>九門：文本未有說明其形狀；本規則集取輪上相鄰的九個間格。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{stake} straight-up on {number}, and {number} wins. How much do you pay? (The stake stays with the player.)</source>
        <translation>客人在{number}號下孤丁{stake}，開出{number}號。你應賠多少？（注碼仍歸客人。）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>{number} wins. What is the total payout of the bets on the number?</source>
        <translation>開出{number}號。該號碼上各注的派彩合共多少？</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>{number} wins. What is the total payout of the winning outside and sector bets?</source>
        <translation>開出{number}號。中獎的外圍注及九門、十二門注派彩合共多少？</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>0 wins. What is the total payout?</source>
        <translation>開出0號。派彩合共多少？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>When 0 wins, only straight-ups on 0 win; every other bet loses to the bank (Art. 8).</source>
        <translation>凡0號開出，只有0號孤丁勝，其餘通吃（第八條）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Which bets cover 0 by themselves?</source>
        <translation>哪些投注是單獨押在0號上的？</translation>
    </message>
    <message>
        <location line="+21"/>
        <location filename="../../drills/sic_bo.py" line="+369"/>
        <source>Collect the losing bets: {bets}.</source>
        <translation>收去輸注：{bets}。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Then pay the {group}: {bets}.</source>
        <translation>然後賠{group}：{bets}。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{number} wins. Click the bets in the order you settle them.</source>
        <translation>開出{number}號。請按你殺賠的次序點選各注。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Collect first; then pay from the outside bets inwards, straight-ups last.</source>
        <translation>先殺後賠；由外圍注向內賠，孤丁最後。</translation>
    </message>
    <message>
        <location filename="../../drills/grading.py" line="-257"/>
        <location filename="../../drills/roulette.py" line="+93"/>
        <location filename="../../drills/sic_bo.py" line="-145"/>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <location filename="../../drills/roulette.py" line="+12"/>
        <source>columns and dozens</source>
        <translation>直十二門及小、中、大十二門</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sectors (nine and twelve numbers)</source>
        <translation>九門及十二門</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>even chances</source>
        <translation>紅黑、單雙、大小</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The ball is spinning when a chip falls into the wheel. The previous winning number was {previous}. What do you do?</source>
        <translation>珠滾動時，有籌碼跌入盤內。上局中獎號碼是{previous}號。你應怎樣做？</translation>
    </message>
    <message>
        <location line="+8"/>
        <location filename="../../rules/roulette/irregular.py" line="+149"/>
        <source>Announce golpe nulo, remove the chip, place the ball in {previous} and spin again; all bets stand.</source>
        <translation>宣佈該局無效（golpe nulo），取出籌碼，把珠放回{previous}號的間格內，再重新打珠；所有投注維持不變。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Let the ball finish and pay the number it lands on.</source>
        <translation>讓珠滾完，按其停下的號碼殺賠。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+11"/>
        <source>The spin is void the moment an object falls in (Art. 2(2)).</source>
        <translation>物體一跌入盤內，該局即無效（第二條第二款）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/roulette/irregular.py" line="+4"/>
        <source>Stop the game and return every bet to the players.</source>
        <translation>停止該局，把所有投注退回客人。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+3"/>
        <source>Golpe nulo does not void the bets: they stand for the new spin.</source>
        <translation>宣佈該局無效（golpe nulo）不會令投注作廢：投注保留至重新打珠。</translation>
    </message>
    <message>
        <location line="+81"/>
        <location filename="../../rules/roulette/irregular.py" line="-61"/>
        <source>Remove the chip, put the ball in 0 and spin again.</source>
        <translation>取出籌碼，把珠放在0號的間格內，再重新打珠。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+3"/>
        <source>The ball goes back to the previous winning number, not to 0.</source>
        <translation>珠要放回上局中獎號碼，而不是0號。</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>You have rung the bell and launched the ball. A player pushes a straight-up onto the layout. What do you do?</source>
        <translation>你已打鐘並打珠。一名客人把一注孤丁推上檯面。你應怎樣做？</translation>
    </message>
    <message>
        <location line="-143"/>
        <source>The Chinese text of Art. 5(1) is right too: it pays the six-lines and corners as one step, in any order ({together}), and then the streets ({streets}).</source>
        <translation>依第五條第一款中文文本亦正確：六門及四門騎同一步賠付，次序不拘（{together}），然後賠三門一列（{streets}）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The Chinese text of Art. 5(1) is right too: it pays the six-lines and corners as one step, in any order ({together}).</source>
        <translation>依第五條第一款中文文本亦正確：六門及四門騎同一步賠付，次序不拘（{together}）。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The Portuguese and Chinese texts of Art. 5(1) are both official and differ on six-lines, streets and corners (Portuguese: six-lines, streets, corners; Chinese: six-lines and corners as one step, then streets). An order that either text allows, followed as a whole, is right.</source>
        <translation>第五條第一款的葡文及中文文本均為正式文本，兩者在六門、三門一列及四門騎上有別（葡文：六門、三門一列、四門騎；中文：六門及四門騎同一步，然後三門一列）。整體依從其中一個文本的次序即為正確。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Where the two official texts of Art. 5(1) differ (six-lines, streets and corners), this ruleset follows {text} strictly.</source>
        <translation>第五條第一款兩個正式文本有別之處（六門、三門一列及四門騎），本規則集嚴格依從{text}。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The twelve-number sector is paid with the sectors, after the columns and dozens: the Chinese text of Art. 5(1) does not name it.</source>
        <translation>十二門與九門一同賠付，在直十二門及小、中、大十二門之後：第五條第一款中文文本未有列出十二門。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The twelve-number sector is paid with the columns and dozens (a setting of this ruleset): the Chinese text of Art. 5(1) does not name it.</source>
        <translation>十二門與直十二門及小、中、大十二門一同賠付（本規則集的設定）：第五條第一款中文文本未有列出十二門。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Low and high are paid with the even chances: the Portuguese text&apos;s «chances simples» covers them; the Chinese text of Art. 5(1) does not name them.</source>
        <translation>小（1-18）及大（19-36）與紅、黑、單、雙一同賠付：葡文文本的 «chances simples» 包括它們；第五條第一款中文文本未有列出。</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>six-lines and corners (one step, in any order)</source>
        <translation>六門及四門騎（同一步，次序不拘）</translation>
    </message>
    <message>
        <location line="+49"/>
        <location filename="../../rules/roulette/irregular.py" line="-39"/>
        <source>Refuse the bet and hand the chips back; the other bets stand.</source>
        <translation>拒絕該注並把籌碼交還；其他投注維持不變。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../../rules/roulette/irregular.py" line="+5"/>
        <source>Accept it: the ball has not yet come to rest.</source>
        <translation>接受：珠還未靜止。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>After the bell no bet may be placed or changed (Art. 3).</source>
        <translation>打鐘後不得再投注，已投注的注碼亦不得更動（第三條）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Accept it, but pay it at half if it wins.</source>
        <translation>接受，但如中獎只賠一半。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The regulation has no reduced payout for late bets: it refuses them.</source>
        <translation>規章沒有減賠遲下注的規定：遲下的注一律不接受。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/roulette/irregular.py" line="+7"/>
        <source>Call golpe nulo and spin again.</source>
        <translation>宣佈該局無效（golpe nulo），重新打珠。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+3"/>
        <source>Golpe nulo is for an object falling into the wheel, not for a late bet.</source>
        <translation>宣佈該局無效（golpe nulo）是用於有物體跌入盤內，而非遲下的注。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>While paying, you knock over the chips of a winning corner. The inspector saw the layout and can put them back exactly. What happens?</source>
        <translation>賠注時，你弄亂了一注中獎四門騎的籌碼。監場看清檯面，能準確地把籌碼放回原位。應如何處理？</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>While paying, you knock over the chips of several winning bets. The inspector cannot say with certainty where they were. What happens?</source>
        <translation>賠注時，你弄亂了幾注中獎投注的籌碼。監場未能確定籌碼原來的位置。應如何處理？</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The inspector restores the bets, then they are paid.</source>
        <translation>由監場把投注還原，然後賠注。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The bets are reconstructed from what the players concerned indicate.</source>
        <translation>按有關客人的指正重組投注。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/roulette/irregular.py" line="+141"/>
        <source>The disturbed bets lose: the layout decides.</source>
        <translation>被弄亂的投注作輸論：以檯面為準。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+3"/>
        <source>A winning bet the dealer disturbs is reconstructed, never lost (Art. 5(3)).</source>
        <translation>荷官弄亂的中獎投注須重組，絕不作輸論（第五條第三款）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You put the chips back as you remember them.</source>
        <translation>你憑記憶把籌碼放回。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+7"/>
        <source>The inspector restores them, or the players indicate them (Art. 5(3)).</source>
        <translation>由監場還原，或由客人指正（第五條第三款）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The players say where their chips were.</source>
        <translation>由客人說出籌碼原來的位置。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The inspector puts them back as best he can.</source>
        <translation>由監場盡量把籌碼放回。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Players indicate only when the inspector cannot restore them with certainty.</source>
        <translation>只有監場未能準確還原時，才由客人指正。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The inspector restores them only when he can do so with certainty.</source>
        <translation>監場只在能準確還原時才還原籌碼。</translation>
    </message>
    <message>
        <location line="+19"/>
        <location filename="../../rules/roulette/irregular.py" line="-122"/>
        <source>Remove the chip and spin again from the pocket where the ball is now.</source>
        <translation>取出籌碼，從珠現時所在的間格重新打珠。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../rules/roulette/irregular.py" line="+4"/>
        <source>The ball is first placed in the pocket of the previous winning number, here 0 (Art. 2(2)).</source>
        <translation>須先把珠放回上局中獎號碼的間格內，此處即0號（第二條第二款）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <location filename="../../rules/roulette/irregular.py" line="+7"/>
        <source>The bets stand for the new spin: Art. 2(2) does not say so, but implies it (the spin is launched again, not the bets made again).</source>
        <translation>投注在重新打珠時照舊有效：第二條第二款雖未明言，但有此含意（重新打珠，而非重新投注）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <location filename="../../rules/roulette/irregular.py" line="+7"/>
        <source>When the previous winning number was 0, the ball is placed in 0: 0 has its own pocket (Art. 1(2)), and Art. 2(2) names the previous number&apos;s pocket without exception.</source>
        <translation>若上局中獎號碼為0，珠便放在0號：0號有其間格（第一條第二款），而第二條第二款指明放回上局中獎號碼的間格，並無例外。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Straight-up multiples</source>
        <extracomment>The skills of this game, in the order the launcher lists them (drills.skills gathers them).</extracomment>
        <translation>孤丁倍數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay a winning straight-up at 35 to 1.</source>
        <translation>中獎孤丁按一賠三十五賠注。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Picture bets</source>
        <translation>號碼上的組合注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total payout of straights, splits, streets, corners and lines on one number.</source>
        <translation>同一號碼上孤丁、兩門騎、三門一列、四門騎及六門的派彩總額。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Outside bets and sectors</source>
        <translation>外圍注及九門、十二門</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Columns, dozens, even chances and the nine- and twelve-number sectors.</source>
        <translation>直十二門、小、中、大十二門、紅黑單雙大小，以及九門和十二門。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The zero rule</source>
        <translation>0號規則</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When 0 wins only a straight-up on 0 is paid (Art. 8).</source>
        <translation>開出0號時只賠0號孤丁（第八條）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Pay order</source>
        <translation>賠注次序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collect the losers, then pay in the order of Art. 5(1).</source>
        <translation>先殺，再按第五條第一款的次序賠注。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Irregularities</source>
        <translation>不當情事</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Golpe nulo, bets after the bell, disturbed winning chips.</source>
        <translation>宣佈該局無效（golpe nulo）、打鐘後的投注、被弄亂的中獎籌碼。</translation>
    </message>
    <message>
        <location filename="../../rules/caribbean_stud/rulings.py" line="+57"/>
        <source>Progressive bets are carried over to the next round.</source>
        <translation>累進大獎的投注自動轉到下一局。</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>The cards were dealt the wrong way: the round is void and every bet is returned, except the progressive bets, which carry over to the next round; bets are placed again and the cards dealt again.</source>
        <translation>派牌方法不正確：該局無效，所有投注退回，唯累進大獎的投注自動轉到下一局；然後重新投注及派牌。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>A wrong number of cards was dealt: the round is void and every bet is returned, except the progressive bets, which carry over to the next round; bets are placed again and the cards dealt again.</source>
        <translation>派出的牌數有誤：該局無效，所有投注退回，唯累進大獎的投注自動轉到下一局；然後重新投注及派牌。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>{count} cards were exposed by mistake: the round is void and every bet is returned, except the progressive bets, which carry over to the next round.</source>
        <translation>{count}張牌被錯誤陽開：該局無效，所有投注退回，唯累進大獎的投注自動轉到下一局。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>One of the dealer&apos;s cards was exposed by mistake: the round stands; that card stays face up and the dealer&apos;s other cards, the fifth included, are dealt face down.</source>
        <translation>莊荷的一張牌被錯誤陽開：該局維持有效；該牌繼續陽開，莊荷其餘的牌（包括第五張）全部牌面向下派出。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>One card was exposed by mistake while dealing: the round stands and play goes on as usual.</source>
        <translation>派牌時一張牌被錯誤陽開：該局維持有效，牌局如常進行。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Cards dealt by mistake to a box without a bet make a dead hand; the round goes on as usual for every other box.</source>
        <translation>錯誤派給沒有下注一門的牌作廢；其他各門的牌局如常進行。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The shuffling machine failed while dealing: the round is void and every bet is returned, except the progressive bets, which carry over to the next round; the machine is replaced or the cards are dealt from the shoe.</source>
        <translation>派牌過程中洗牌機失靈：該局無效，所有投注退回，唯累進大獎的投注自動轉到下一局；須更換洗牌機或改用派牌盒派牌。</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>Players may not use any device to record the results.</source>
        <translation>博彩者不得使用任何工具紀錄投注結果。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Players may not use any device to predict results.</source>
        <translation>博彩者不得使用任何工具進行預測。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Players may not use any device to work out a betting strategy.</source>
        <translation>博彩者不得使用任何工具訂出投注策略。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>While deciding whether to raise, a player may not talk to other players or anyone else.</source>
        <translation>博彩者在決定加注與否時，不得與其他博彩者或第三者交談。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A player bets on one box only and may not share a box with another player.</source>
        <translation>每名博彩者只可投注一門，且不得與其他博彩者同門投注。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A player holding cards may not leave the table.</source>
        <translation>博彩者持牌時不得離開博彩桌。</translation>
    </message>
    <message>
        <location filename="../../rules/craps/rulings.py" line="+110"/>
        <source>The throw is not valid and is repeated: no bet is decided and the point stays.</source>
        <translation>這次擲骰無效，須重擲：所有投注都不定輸贏，點數維持不變。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Call &quot;no roll&quot;.</source>
        <translation>宣佈「無效擲骰」。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bring the dice back (or give the shooter new dice from the bowl).</source>
        <translation>收回骰子（或從骰碗給擲骰者另一對骰子）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every bet stays as it is; the shooter throws again.</source>
        <translation>所有投注維持原狀；擲骰者重擲。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>A die that does not lie flat counts its most exposed upper face: the throw is {first}-{second} ({total}).</source>
        <translation>未平放的骰子以最外露的上面計：這次擲骰是{first}-{second}（{total}點）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Look at the cocked die from above without touching it.</source>
        <translation>不要觸碰未平放的骰子，從上方看清楚。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call the face that is most exposed on top, and the total.</source>
        <translation>報出最外露的上面的點數及總點數。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Settle the bets on that total as usual.</source>
        <translation>按該總點數如常殺賠。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Both dice lie flat on the table: the throw is {first}-{second} ({total}).</source>
        <translation>兩粒骰子都平放在檯上：這次擲骰是{first}-{second}（{total}點）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Call the total.</source>
        <translation>報出總點數。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Settle the bets it decides.</source>
        <translation>殺賠這次擲骰定出輸贏的投注。</translation>
    </message>
    <message>
        <location filename="../../rules/roulette/rulings.py" line="+123"/>
        <source>Place the ball in the pocket of the previous winning number ({number}).</source>
        <translation>把珠放回上局中獎號碼（{number}號）的間格內。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Place the ball in the pocket of the previous winning number.</source>
        <translation>把珠放回上局中獎號碼的間格內。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The spin is void (golpe nulo): the bets stand and the ball is launched again.</source>
        <translation>該局無效（golpe nulo）：投注維持不變，重新打珠。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stop the game and announce &quot;golpe nulo&quot;.</source>
        <translation>停止該局，宣佈「golpe nulo」（該局無效）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the object out of the wheel.</source>
        <translation>把物體從盤中取出。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Launch the ball again; the bets on the layout stand as they are.</source>
        <translation>重新打珠；檯面上的投注維持原狀。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The bet is refused: after the bell no bet may be placed or changed.</source>
        <translation>該注不獲接受：打鐘後不得再投注，已投注的注碼亦不得更動。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refuse the new bet or the change and hand the chips back to the player.</source>
        <translation>拒絕新投注或更動，並把籌碼交還客人。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The bets placed before the bell stand and are settled as usual.</source>
        <translation>打鐘前已下的注維持有效，如常殺賠。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The inspector restores the winning bets as they were, then they are paid.</source>
        <translation>由監場把中獎投注還原，然後賠注。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+15"/>
        <source>Stop paying and call the inspector.</source>
        <translation>停止賠注，請監場處理。</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>The inspector puts the chips back where they were, with certainty.</source>
        <translation>監場準確地把籌碼放回原位。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay the restored bets in the order of Art. 5(1).</source>
        <translation>按第五條第一款的次序賠還原後的投注。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The inspector cannot restore them with certainty, so the bets are reconstructed from what the players concerned indicate.</source>
        <translation>監場未能準確還原，因此按有關客人的指正重組投注。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Reconstruct the bets as the players concerned indicate them.</source>
        <translation>按有關客人的指正重組投注。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay the reconstructed bets in the order of Art. 5(1).</source>
        <translation>按第五條第一款的次序賠重組後的投注。</translation>
    </message>
    <message>
        <location filename="../../drills/model.py" line="+183"/>
        <source>Interpretation (a setting of the ruleset; the regulation does not say): {text}</source>
        <extracomment>What the amount is, when it is not the payout (&quot;the largest odds bet&quot;): the feedback names it so (&quot;the largest odds bet is 26&quot;, not &quot;the payout is 26&quot;). What the answer rests on beyond the regulation&apos;s words, said in full in the feedback: an interpretation (the text is silent), a house option (the text leaves the house a choice) or table procedure (the text sets none); where the regulation is not on file (Sic Bo), the house&apos;s pay table, ruling or procedure. Made with the functions below.</extracomment>
        <translation>解釋（規則集的設定；規章未有明言）：{text}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>House option (the regulation leaves this to the house): {text}</source>
        <translation>莊家選擇（規章交由莊家決定）：{text}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Table procedure, not in the regulation: {text}</source>
        <translation>檯面程序，規章未有規定：{text}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>House pay table (the regulation&apos;s articles are not on file): {text}</source>
        <translation>賭場派彩表（規章的條文未存檔）：{text}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>House ruling (the regulation&apos;s articles are not on file): {text}</source>
        <translation>賭場裁定（規章的條文未存檔）：{text}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>House procedure (the regulation&apos;s articles are not on file): {text}</source>
        <translation>賭場程序（規章的條文未存檔）：{text}</translation>
    </message>
    <message>
        <location filename="../../drills/sic_bo.py" line="-353"/>
        <source>Every payout is that of the ruleset in use, “{table}”; published Macau pay tables differ.</source>
        <translation>每項派彩均依所用的規則集「{table}」；已公佈的澳門派彩表互有不同。</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>one die shows {number}</source>
        <translation>一粒骰子開 {number}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>two dice show {number}</source>
        <translation>兩粒骰子開 {number}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>three dice show {number}</source>
        <translation>三粒骰子開 {number}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{bet}: {shown}, so it pays {ratio}: {stake} × {ratio_n} = {win} (house pay table)</source>
        <translation>{bet}：{shown}，故派 {ratio}：{stake} × {ratio_n} = {win}（賭場派彩表）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{bet}: {stake} × {ratio_n} = {win} ({ratio}, house pay table)</source>
        <translation>{bet}：{stake} × {ratio_n} = {win}（{ratio}，賭場派彩表）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Collect the losing bets first: {bets}.</source>
        <translation>先收輸的投注：{bets}。</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>The dice show {dice}. What do you pay the single-number bets? (The stakes stay with the players.)</source>
        <translation>骰子開 {dice}。單骰投注應派多少？（原注留給玩家。）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Count how many dice show the number: the house pays one, two or three times.</source>
        <translation>數一數有幾粒骰子開出該點：賭場派一倍、兩倍或三倍。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The dice show {dice}, a total of {total}. How much do you pay?</source>
        <translation>骰子開 {dice}，共 {total} 點。應派多少？</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Only the total the dice make wins; each total has its own payout.</source>
        <translation>只有骰子合計的點數贏；每個點數各有派彩。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>The dice show {dice}. What is the total payout of the combination and double bets?</source>
        <translation>骰子開 {dice}。兩骰組合及雙骰投注共派多少？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A combination wins when both its faces show; a double when two dice show its face.</source>
        <translation>兩骰組合在兩個點數都開出時贏；雙骰在兩粒骰子開出該點時贏。</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>The dice show {dice}. What is the total payout of the layout?</source>
        <translation>骰子開 {dice}。整張枱共派多少？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light the winning areas in your head first; collect the rest, then pay each winner.</source>
        <translation>先在心中亮起贏的區域；收其餘投注，再逐一派彩。</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>The dice show {dice}. Which areas does the layout light as winners?</source>
        <translation>骰子開 {dice}。枱面會亮起哪些贏的區域？</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The total is {total}; the winning areas: {areas}.</source>
        <translation>合計 {total} 點；贏的區域：{areas}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Total, small or big, doubles and triples, combinations, then the single numbers.</source>
        <translation>點數、小或大、雙骰及圍骰、兩骰組合，然後單骰。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Small and big lose on any triple (house pay table).</source>
        <translation>開出任何圍骰時小和大皆輸（賭場派彩表）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Any triple wins on every triple.</source>
        <translation>全圍在任何圍骰都贏。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A triple shows the double of its face too: two dice (and a third) show it.</source>
        <translation>圍骰也開出該點的雙骰：兩粒（連同第三粒）骰子都開該點。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Two dice show {face}: Double {face} wins.</source>
        <translation>兩粒骰子開 {face}：雙骰 {face} 贏。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Any triple needs all three dice alike; a double is not a triple.</source>
        <translation>全圍要三粒骰子相同；雙骰不是圍骰。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Only one die shows {face}: Double {face} loses.</source>
        <translation>只有一粒骰子開 {face}：雙骰 {face} 輸。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Both {first} and {second} show: Combination {first}-{second} wins.</source>
        <translation>{first} 和 {second} 都開出：兩骰組合 {first}-{second} 贏。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The dice add up to {total}, not {near}.</source>
        <translation>骰子合計 {total} 點，不是 {near} 點。</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Then pay {group}: {bets}.</source>
        <translation>然後派 {group}：{bets}。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The dice show {dice}. Click the bets in the order you settle them.</source>
        <translation>骰子開 {dice}。按你結算的次序點擊各投注。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Collect every loser first; then pay in the house&apos;s order.</source>
        <translation>先收所有輸的投注；再按賭場的次序派彩。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>This house pays the winners row by row down the layout: the top row (small, big, odd, even, the doubles, the triples, any triple), then the totals, then the combinations, then the single numbers; within a row in any order.</source>
        <extracomment>The house&apos;s pay orders (setting ``pay_order``), said in full for the feedback.</extracomment>
        <translation>此賭場由上而下逐行派彩：最上一行（小、大、單、雙、雙骰、圍骰、全圍），然後點數，然後兩骰組合，然後單骰；同一行內次序不拘。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This house pays the winners that pay the most first; bets of one payout together, in any order.</source>
        <translation>此賭場先派賠率最高的贏注；同一賠率的投注一起派，次序不拘。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../../rules/sic_bo/house.py" line="+58"/>
        <source>This house pays the winners in any order, once every loser is collected.</source>
        <translation>收齊所有輸的投注後，此賭場派彩次序不拘。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the top row</source>
        <translation>最上一行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the totals</source>
        <translation>點數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the combinations</source>
        <translation>兩骰組合</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the single numbers</source>
        <translation>單骰</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the bets at {ratio}</source>
        <translation>賠率 {ratio} 的投注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the winners</source>
        <translation>贏的投注</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Call no throw and the supervisor: the dice are not read; cover the shaker and shake again. Every bet stays for the new shake.</source>
        <translation>宣佈此局無效並召主任：不讀骰子點數；蓋上骰盅再搖。所有投注留待重搖。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Call no throw and the supervisor: the dice are not read; hand every bet back, then shake again for new bets.</source>
        <translation>宣佈此局無效並召主任：不讀骰子點數；退還所有投注，再為新投注重搖。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>On this house&apos;s table the bets stay for the new shake; they are not handed back.</source>
        <translation>此賭場的枱上投注留待重搖，不會退還。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../rules/sic_bo/irregular.py" line="+128"/>
        <source>On this house&apos;s table every bet is handed back before the new shake.</source>
        <translation>此賭場的枱上所有投注在重搖前退還。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You open the shaker: one die leans against the wall of the shaker, not flat. What do you do?</source>
        <translation>你打開骰盅：一粒骰子斜靠盅壁，沒有平放。你會怎樣做？</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Read the face of the leaning die that is most nearly on top.</source>
        <translation>讀出斜骰最接近朝上的一面。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die that is not flat shows no face: the house reads no such throw.</source>
        <translation>沒有平放的骰子沒有朝上的一面：賭場不讀這樣的點數。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lay the die flat with your finger and read the throw.</source>
        <translation>用手指把骰子放平再讀點數。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A dealer never sets a die by hand: the throw is void and shaken again.</source>
        <translation>荷官絕不用手擺骰子：此局無效，重搖。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A die that does not lie flat is no throw on this house&apos;s table: the dice are shaken again, and the bets {fate}. No Sic Bo article is on file; this is the house&apos;s ruling.</source>
        <translation>在此賭場的枱上，骰子沒有平放即此局無效：重搖骰子，而投注{fate}。骰寶並無條文存檔；此為賭場的裁定。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+23"/>
        <source>stand</source>
        <translation>保留</translation>
    </message>
    <message>
        <location line="-23"/>
        <location line="+23"/>
        <source>are handed back</source>
        <translation>退還</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>The shaker is opened before the betting is closed and the shake is complete. What do you do?</source>
        <translation>在停止投注及搖骰完成之前骰盅已被打開。你會怎樣做？</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Settle the throw as the dice show it.</source>
        <translation>按骰子所開的點數結算。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A throw opened early is not read: it cannot decide the bets.</source>
        <translation>提早打開的一局不讀點數：不能決定投注。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Let the players change their bets now that they have seen the dice.</source>
        <translation>讓玩家看過骰子後更改投注。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No bet is made on dice the players have seen: the throw is void.</source>
        <translation>玩家已看見的骰子不可投注：此局無效。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A shaker opened early is no throw on this house&apos;s table: the dice are shaken again, and the bets {fate}. No Sic Bo article is on file; this is the house&apos;s ruling.</source>
        <translation>在此賭場的枱上，骰盅提早打開即此局無效：重搖骰子，而投注{fate}。骰寶並無條文存檔；此為賭場的裁定。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Single-number multiples</source>
        <translation>單骰倍數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay a single number once, twice or three times, by how many dice show it.</source>
        <translation>按開出該點的骰子數目，單骰派一倍、兩倍或三倍。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Totals and their payouts</source>
        <translation>點數及其派彩</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay the total the three dice make, at the house&apos;s payout for that total.</source>
        <translation>按賭場對該點數的派彩，派三粒骰子合計的點數。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Which areas win</source>
        <translation>哪些區域贏</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The areas the layout lights for a throw: total, small or big, doubles, triples, combinations, single numbers.</source>
        <translation>每局枱面亮起的區域：點數、小或大、雙骰、圍骰、兩骰組合、單骰。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Combinations and doubles</source>
        <translation>兩骰組合及雙骰</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Two-dice combinations and specific doubles on one throw.</source>
        <translation>同一局的兩骰組合及指定雙骰。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A full layout&apos;s payout</source>
        <translation>滿枱派彩</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every winning bet on the layout, paid on the house pay table.</source>
        <translation>按賭場派彩表派枱上所有贏的投注。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Paying in the house&apos;s order</source>
        <translation>按賭場次序派彩</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collect the losers first, then pay the winners in the house&apos;s order.</source>
        <translation>先收輸的投注，再按賭場次序派贏的投注。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Irregular throws</source>
        <translation>不正常的搖骰</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die not flat, the shaker opened early: the house&apos;s rulings.</source>
        <translation>骰子沒有平放、骰盅提早打開：賭場的裁定。</translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/bets.py" line="-9"/>
        <source>combination {first}-{second}</source>
        <extracomment>The kinds small/big and odd/even: they lose on any triple by default. The layout&apos;s rows (top first), the groups of the ``layout_rows`` pay order. Whose bet it is, where the table says; ``None`` when the situation does not tell.</extracomment>
        <translation>兩骰組合 {first}-{second}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>small</source>
        <translation>小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>big</source>
        <translation>大</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>any triple</source>
        <translation>全圍</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>total {number}</source>
        <translation>點數 {number}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>triple {number}</source>
        <translation>圍骰 {number}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>double {number}</source>
        <translation>雙骰 {number}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>single {number}</source>
        <translation>單骰 {number}</translation>
    </message>
    <message>
        <location filename="../../rules/house.py" line="+31"/>
        <source>house pay table</source>
        <translation>賭場派彩表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>house ruling</source>
        <translation>賭場裁定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>house table procedure</source>
        <translation>賭場檯面程序</translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/house.py" line="-29"/>
        <source>{numerator} to {denominator}</source>
        <translation>{denominator} 賠 {numerator}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{bet} pays {ratio} on this house&apos;s pay table; the Sic Bo regulation (Despacho 31/2003) is not on file, so every payout is the house&apos;s.</source>
        <translation>按本賭場的派彩表，{bet} 派彩 {ratio}；骰寶規章（第31/2003號批示）未存檔，故所有派彩均為賭場所定。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>On this house&apos;s table small and big lose on any triple (a setting of its pay table).</source>
        <translation>本賭場的檯面上，出現任何圍骰時，小及大皆輸（其派彩表的一項設定）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>On this house&apos;s table odd and even lose on any triple (a setting of its pay table).</source>
        <translation>本賭場的檯面上，出現任何圍骰時，單及雙皆輸（其派彩表的一項設定）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This house pays the winners row by row down the layout: the top row (small, big, odd, even, the doubles, the triples, any triple), then the totals, then the combinations, then the single numbers.</source>
        <translation>本賭場按檯面由上而下逐行派彩：先派最上一行（小、大、單、雙、雙骰、圍骰、全圍），再派點數，再派兩骰組合，最後派單骰。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This house pays first the winners that pay the most to 1, bets of one payout together.</source>
        <translation>本賭場先派賠率最高的贏注，賠率相同的投注一併派彩。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Every losing bet is collected before any winner is paid.</source>
        <extracomment>The house&apos;s procedure (a drill wraps it in ``on_house_procedure``, which says the regulation is not on file).</extracomment>
        <translation>先收回所有輸注，才派彩予任何贏注。</translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/rulings.py" line="+41"/>
        <source>Do not read the dice: announce &quot;no throw&quot; (a die is not flat).</source>
        <translation>不要讀骰：宣佈「無效」（有一粒骰子未平放）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call the supervisor, who confirms that the die does not lie flat.</source>
        <translation>通知主管，由主管確認該骰子未平放。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Do not read the dice: announce &quot;no throw&quot; (the shaker was opened early).</source>
        <translation>不要讀骰：宣佈「無效」（骰盅提早打開）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call the supervisor, who confirms the shaker was opened before its time.</source>
        <translation>通知主管，由主管確認骰盅於未到時候前被打開。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Do not read the dice: announce &quot;no throw&quot; (the dice were not shaken).</source>
        <translation>不要讀骰：宣佈「無效」（骰子未經搖動）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call the supervisor, who confirms the shaker was not shaken.</source>
        <translation>召主任，由主任確認骰盅未經搖動。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No throw: the throw is void, the bets stand as they are and the dice are shaken again (a house ruling).</source>
        <translation>無效：該局作廢，所有注碼維持不變，骰子重新搖動（賭場裁定）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shake the dice again; every bet stays on the layout for the new throw.</source>
        <translation>重新搖骰；所有注碼留在檯面上，用於新一局。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No throw: the throw is void, every bet is handed back and the dice are shaken again (a house ruling).</source>
        <translation>無效：該局作廢，所有注碼退回，骰子重新搖動（賭場裁定）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hand every bet back; open the betting again, then shake the dice.</source>
        <translation>退回所有注碼；重新接受下注，然後搖骰。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>A bet after &quot;no more bets&quot; is refused: its chips are handed back and the other bets stand (a house ruling).</source>
        <translation>「停止投注」後的投注不獲接受：籌碼退還，其他投注維持不變（賭場裁定）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hand the late chips back to the player; settle the throw as usual.</source>
        <translation>將遲來的籌碼退還玩家；照常結算此局。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A bet after &quot;no more bets&quot; is refused: its chips are set aside for the next throw and the other bets stand (a house ruling).</source>
        <translation>「停止投注」後的投注不獲接受：籌碼留待下一局，其他投注維持不變（賭場裁定）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Set the late chips aside, off the layout, for the next throw; settle as usual.</source>
        <translation>將遲來的籌碼放在檯面以外，留待下一局；照常結算。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refuse the bet: betting closed with the call.</source>
        <translation>拒絕該投注：宣佈停止投注時已截止下注。</translation>
    </message>
    <message>
        <location filename="../../storage/engine.py" line="+139"/>
        <source>The server URL {url} does not ask for a verified connection (sslmode=verify-full): this workstation could then be talking to another machine posing as the training centre&apos;s server, which would see every password and record sent. Give the URL in the form {form} (the centre&apos;s CA certificate: IT has it) and correct ${env}.</source>
        <extracomment>How long opening waits for a lock held elsewhere before it says so and gives up. SQLite&apos;s busy timeout while opening waits for the write lock: short, so the wait is counted (and reported) here, not inside one long blocking call. The lab switch: ``1`` lets a workstation connect to a server it does not verify (no ``sslmode=verify-full``), for a test lab on one machine, never a training room; the window then says so all the time (``ui.window.app_store.unverified_lab_server``). The name of the centre&apos;s CA certificate where a workstation keeps it (``ca_places``). A workstation&apos;s server URL, as the messages show it.</extracomment>
        <translation>伺服器網址 {url} 未要求經驗證的連線（sslmode=verify-full）：此工作站可能正與冒充培訓中心伺服器的另一部電腦通訊，對方會看到傳送的每個密碼及記錄。請以 {form} 的格式提供網址（中心的 CA 憑證由資訊部門提供），並更正 ${env}。</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The database URL {url} cannot be read: {problem}. Correct ${env} (form: postgresql+psycopg://user:password@server:5432/database).</source>
        <translation>無法讀取資料庫網址 {url}：{problem}。請更正 ${env}（格式：postgresql+psycopg://user:password@server:5432/database）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The database URL {url} names port {port}, which does not exist (ports are 1 to 65535; PostgreSQL&apos;s is usually 5432). Correct ${env}.</source>
        <translation>資料庫網址 {url} 指定的連接埠 {port} 並不存在（連接埠為 1 至 65535；PostgreSQL 通常為 5432）。請更正 ${env}。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>An SQLite database must be a file, not in memory.</source>
        <translation>SQLite 資料庫必須是檔案，而非存於記憶體。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Unsupported database {backend}: use SQLite or postgresql+psycopg://…</source>
        <translation>不支援的資料庫 {backend}：請使用 SQLite 或 postgresql+psycopg://…</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>the port {port} is not a number</source>
        <translation>連接埠 {port} 不是數字</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it is not of the form dialect://user:password@server/database</source>
        <translation>格式不是 dialect://user:password@server/database</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not a valid database URL</source>
        <translation>這不是有效的資料庫網址</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cannot create the data folder {folder}: {why}. {instead}</source>
        <translation>無法建立資料夾 {folder}：{why}。{instead}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot read the database file {path}: {why}.</source>
        <translation>無法讀取資料庫檔案 {path}：{why}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>it is not an SQLite database</source>
        <translation>這不是 SQLite 資料庫</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Ask IT to let this user write there, or set {env} to a folder this user may write to.</source>
        <translation>請資訊部門允許此使用者在該處寫入，或將 {env} 設為此使用者可寫入的資料夾。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The data folder {folder} is read-only for this user: the Dealer Trainer keeps its records in it and must write there (the database and its log files). {instead}</source>
        <extracomment>The tables every schema of this app has had since its first migration.</extracomment>
        <translation>資料夾 {folder} 對此使用者為唯讀：Dealer Trainer 將紀錄存放於此，必須能在該處寫入（資料庫及其日誌檔）。{instead}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The database file {path} is read-only for this user: answers could not be recorded. Ask IT to let this user write to it, or set {env} to a folder this user may write to.</source>
        <translation>資料庫檔案 {path} 對此使用者為唯讀：答案將無法記錄。請資訊部門允許此使用者寫入，或將 {env} 設為此使用者可寫入的資料夾。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The file {path} is an SQLite database of another program (its tables: {tables}), not the Dealer Trainer&apos;s records. It has been left unchanged. Point {url_env} or {dir_env} at the Dealer Trainer&apos;s own file, or at a folder without one to start new records.</source>
        <translation>檔案 {path} 是另一程式的 SQLite 資料庫（其資料表：{tables}），並非 Dealer Trainer 的紀錄。檔案未被改動。請將 {url_env} 或 {dir_env} 指向 Dealer Trainer 自己的檔案，或指向一個沒有該檔案的資料夾以建立新紀錄。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The database file {path} is damaged or unreadable ({why}). It has been left untouched: keep it for recovery, and restore a copy from the &apos;backups&apos; folder beside it, or move it away to start a new database.</source>
        <translation>資料庫檔案 {path} 已損壞或無法讀取（{why}）。檔案未被改動：請保留以便復原，並從旁邊的「backups」資料夾還原一份副本，或將它移走以建立新的資料庫。</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>This computer&apos;s SQLite library is version {found}; the app needs {needed} or newer to record answers. Install a current Python (3.11 or newer from python.org ships one), or use a training centre&apos;s server instead of a local file.</source>
        <extracomment>The oldest SQLite library the app runs on: every insert reads its new row back with ``RETURNING`` (SQLite 3.35.0, March 2021). Python 3.11&apos;s own builds ship 3.39 or newer.</extracomment>
        <translation>此電腦的 SQLite 程式庫版本為 {found}；本程式需要 {needed} 或更新版本才能記錄答案。請安裝新版 Python（python.org 的 3.11 或以上版本內附），或改用培訓中心的伺服器而非本機檔案。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Cannot make the records {path} private to this user: {why}. {instead}</source>
        <translation>無法將紀錄 {path} 設為此使用者私有：{why}。{instead}</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>The database {database} was written by a newer version of the Dealer Trainer (schema {schema}); update this workstation&apos;s app.</source>
        <translation>資料庫 {database} 由較新版本的 Dealer Trainer 寫入（結構 {schema}）；請更新此工作站的程式。</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Waiting for another program to release the database {database} (it holds the write lock); up to {seconds} s…</source>
        <translation>正在等候另一程式釋放資料庫 {database}（它持有寫入鎖）；最多 {seconds} 秒……</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Waiting for another workstation to finish updating the database {database} to a new version; up to {seconds} s…</source>
        <translation>正在等候另一部工作站完成將資料庫 {database} 更新至新版本；最多 {seconds} 秒……</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The database {database} must be updated to this version of the app, but another program has held its write lock for more than {seconds} s. Nothing was changed. Close the other program (another Dealer Trainer, or a database tool that has the file open) and start again.</source>
        <translation>資料庫 {database} 必須更新至本程式的版本，但另一程式持有其寫入鎖已超過 {seconds} 秒。未作任何改動。請關閉該程式（另一個 Dealer Trainer，或開啟了此檔案的資料庫工具）後重新開始。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Another workstation has been updating the database {database} for more than {seconds} s (it holds the update lock). Nothing was changed here. Wait for it to finish and start again; if no workstation is starting, ask IT to end the database session that holds advisory lock {lock} (see pg_locks).</source>
        <translation>另一部工作站更新資料庫 {database} 已超過 {seconds} 秒（它持有更新鎖）。此處未作任何改動。請等它完成後重新開始；若沒有工作站正在啟動，請資訊部門結束持有諮詢鎖 {lock} 的資料庫工作階段（見 pg_locks）。</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>The text contains a NUL character (code 0, invisible), which the database {database} cannot store. Nothing was saved: type the text again without it (it usually comes from pasting).</source>
        <translation>文字含有 NUL 字元（代碼 0，不可見），資料庫 {database} 無法儲存。未儲存任何內容：請重新輸入不含該字元的文字（通常來自貼上）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The database file {database} cannot be opened for writing ({why}): this user may not write in its folder {folder}, or the disk is full or read-only. {instead}</source>
        <translation>無法以寫入模式開啟資料庫檔案 {database}（{why}）：此使用者不能在其資料夾 {folder} 寫入，或磁碟已滿或為唯讀。{instead}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The database file {database} cannot be used: {why}.</source>
        <translation>無法使用資料庫檔案 {database}：{why}。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The database {database} cannot be used: {why}</source>
        <translation>無法使用資料庫 {database}：{why}</translation>
    </message>
    <message>
        <location filename="../../storage/errors.py" line="+62"/>
        <source>Too many wrong passwords: try again in {seconds} s.</source>
        <translation>密碼錯誤次數過多：請於 {seconds} 秒後再試。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Wrong password. The next attempt is possible in {seconds} s.</source>
        <translation>密碼錯誤。{seconds} 秒後可再次嘗試。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>A trainee named {existing} already exists.</source>
        <translation>已有名為 {existing} 的學員。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} is the name of the registered trainee {existing} (names that differ only in capitals, letter width or invisible characters are one name). Choose that profile, or tell the two people apart in the name.</source>
        <translation>{name} 是已登記學員 {existing} 的名字（只在大小寫、全形半形或不可見字元上不同的名字視為同一名字）。請選擇該學員檔案，或在名字中區分兩人。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The login {login} is taken: choose another one.</source>
        <translation>登入名稱 {login} 已被使用：請另選一個。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The time of this exam ran out at {at}: the centre&apos;s server has ended the sitting. What you answered in time is graded; the result appears once it is graded.</source>
        <extracomment>What the server&apos;s functions refuse, by the key their ``RAISE`` gives as its ``HINT`` (``storage/server/policy.py``), in the reader&apos;s words: ``engine.explain`` maps them. ``{at}`` is the moment the ``DETAIL`` gives (``%Y-%m-%d %H:%M``, the centre&apos;s time).</extracomment>
        <translation>本考試的時間已於 {at} 結束：中心伺服器已結束此場考試。限時內作答的部分會被評分；評分完成後即顯示結果。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The last sitting of this exam is waiting for grading by the centre&apos;s server: a new one can start once it is graded.</source>
        <translation>本考試上一場仍在等待中心伺服器評分：評分完成後才可開始新的一場。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This exam&apos;s sitting has ended (its time ran out, or it was handed in): this answer was not recorded. What was recorded before counts.</source>
        <extracomment>``record_answer`` and the table&apos;s recorder on a session that has ended.</extracomment>
        <translation>本場考試已結束（時間已到或已交卷）：此答案未有記錄。之前已記錄的答案照計。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This practice session has ended: start a new one.</source>
        <translation>此練習已結束：請開始新的練習。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The exam has been started: its sitting is a record, and it stays.</source>
        <extracomment>Why an exam assignment is not withdrawn (``InstructorDesk.withdraw_exam``).</extracomment>
        <translation>考試已經開始：該次應考是一項記錄，會予以保留。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This assignment is not there any more.</source>
        <translation>此項指派已不存在。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The training centre&apos;s server does not know this skill: choose one from the list, or ask IT to run &apos;dealer-trainer server init&apos; with this version of the app.</source>
        <extracomment>The centre&apos;s server refused a skill id its version does not know (the standards functions of ``storage/server/policy.py``, through ``dt_skill_known``).</extracomment>
        <translation>培訓中心的伺服器不認識這項技能：請從清單中選擇，或請資訊部門以此版本的程式執行「dealer-trainer server init」。</translation>
    </message>
    <message>
        <location filename="../../storage/server/admin.py" line="+31"/>
        <source>The server refused the sign-in of {user}: wrong password, or no such login.</source>
        <extracomment>SQLSTATE → what a refusal means, to be filled with the user, database and detail.</extracomment>
        <translation>伺服器拒絕 {user} 登入：密碼錯誤，或沒有此登入名稱。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The server refused the sign-in of {user}: it may not sign in from this computer (pg_hba.conf), or not at all (an archived trainee, a disabled instructor).</source>
        <translation>伺服器拒絕 {user} 登入：不可從此電腦登入（pg_hba.conf），或完全不可登入（已封存的學員、已停用的導師）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The database {database} does not exist on that server.</source>
        <translation>該伺服器上沒有資料庫 {database}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server refused: {user} has no right to do this ({detail}).</source>
        <translation>伺服器拒絕：{user} 無權執行此操作（{detail}）。</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>The server {server} cannot be used: {why}</source>
        <translation>無法使用伺服器 {server}：{why}</translation>
    </message>
    <message>
        <location filename="../../storage/server/workstation.py" line="+142"/>
        <source>{url} is an SQLite file, not a training centre&apos;s server.</source>
        <translation>{url} 是 SQLite 檔案，而非培訓中心的伺服器。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The workstation&apos;s database URL {url} names a user or a password: it must name the server and the database only (postgresql+psycopg://SERVER:5432/DATABASE), since each person signs in with their own login. Correct ${env}.</source>
        <translation>工作站的資料庫網址 {url} 含有使用者或密碼：它只應指定伺服器及資料庫（postgresql+psycopg://SERVER:5432/DATABASE），因為每人以自己的登入名稱登入。請更正 ${env}。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The login {login} is not a person of this training centre (or has been archived): ask an instructor.</source>
        <translation>登入名稱 {login} 不屬於本培訓中心的人員（或已封存）：請詢問導師。</translation>
    </message>
    <message>
        <location line="-74"/>
        <location line="+191"/>
        <location line="+12"/>
        <location line="+2"/>
        <location filename="../../storage/signin.py" line="+204"/>
        <location filename="../../storage/store.py" line="+562"/>
        <source>Sign in first: your records are reached only after it.</source>
        <extracomment>Said to a disabled instructor, once their password was right (``storage/groups.py``). (role, id) -&gt; failures seen by this process: a floor under the row&apos;s count.</extracomment>
        <translation>請先登入：登入後才可存取你的紀錄。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Only the signed-in trainee&apos;s own records can be opened.</source>
        <translation>只可開啟已登入學員本人的紀錄。</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+6"/>
        <source>The instructor views are for instructors.</source>
        <translation>導師畫面只供導師使用。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wrong password.</source>
        <translation>密碼錯誤。</translation>
    </message>
    <message>
        <location line="+227"/>
        <source>On the server a new trainee needs their first password: PostgreSQL keeps it.</source>
        <translation>在伺服器上，新學員需要設定首個密碼：由 PostgreSQL 保存。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>There is no trainee {id}.</source>
        <translation>沒有學員 {id}。</translation>
    </message>
    <message>
        <location line="-277"/>
        <location line="+289"/>
        <location filename="../../storage/signin.py" line="+7"/>
        <source>The current password is wrong.</source>
        <translation>目前的密碼錯誤。</translation>
    </message>
    <message>
        <location filename="../../storage/store.py" line="-137"/>
        <source>There is no active trainee profile {id}.</source>
        <extracomment>Server mode with each person&apos;s own PostgreSQL login: the login this store&apos;s connections use (PostgreSQL checked the password). ``None``: the app checks it. A server reached without verifying it is the centre&apos;s (the lab switch, ``engine.verified_server``): the window says so all the time. Committed work that SQLite&apos;s damaged log made it drop at this open (for the instructor: the log is kept beside the database for recovery). Fewer answers than the newest backup copy holds: answers were lost. The daily backup work is still to do (``check_backups``), and how many copies it keeps. A setting that could not be used (``$DEALER_TRAINER_BACKUPS_KEPT``), for IT.</extracomment>
        <translation>沒有使用中的學員檔案 {id}。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>The instructor account already exists.</source>
        <translation>導師帳戶已存在。</translation>
    </message>
    <message>
        <location line="+143"/>
        <source>Choose which instructor you are.</source>
        <translation>請選擇你是哪位導師。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>There is no such instructor account.</source>
        <translation>沒有此導師帳戶。</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>The instructor views are locked: enter the instructor password.</source>
        <translation>導師畫面已鎖定：請輸入導師密碼。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The instructor views locked themselves after a pause: enter the password again.</source>
        <translation>導師畫面在閒置後已自動鎖定：請再次輸入密碼。</translation>
    </message>
    <message>
        <location filename="../../drills/standards.py" line="+112"/>
        <source>Mastered</source>
        <extracomment>The drills&apos; level whose target is a skill&apos;s default standard (a trained dealer&apos;s time). What a centre may set a target to, in seconds (the storage&apos;s check says the same).</extracomment>
        <translation>已掌握</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>接近</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weak</source>
        <translation>薄弱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not started</source>
        <translation>未開始</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Improving</source>
        <translation>進步中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slipping</source>
        <translation>退步中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steady</source>
        <translation>持平</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First answers</source>
        <translation>首批答題</translation>
    </message>
    <message>
        <location filename="../../rules/caribbean_stud/irregular.py" line="+36"/>
        <source>The round stands: play on</source>
        <extracomment>The dealer&apos;s choices, each by what it rules (Art. 11), in the article&apos;s words.</extracomment>
        <translation>該局維持有效：繼續進行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stands: that card up, the dealer&apos;s others face down</source>
        <translation>維持有效：該牌陽開，莊荷其餘的牌牌面向下</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dead hand: play on for the other boxes</source>
        <translation>該門的牌作廢：其他各門繼續進行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Void: antes returned, progressive bets carried over</source>
        <translation>該局無效：原注退回，累進大獎的投注轉到下一局</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>One card exposed while dealing: the round stands, play goes on.</source>
        <extracomment>Why another choice is wrong: what Art. 11 rules for the irregularity.</extracomment>
        <translation>派牌時一張牌被陽開：該局維持有效，牌局繼續。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A dealer&apos;s card exposed: it stays up, the dealer&apos;s others are dealt face down.</source>
        <translation>莊荷的一張牌被陽開：該牌繼續陽開，莊荷其餘的牌牌面向下派出。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cards to a box without a bet are a dead hand; play goes on.</source>
        <translation>派給沒有下注一門的牌作廢；牌局繼續。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two cards exposed: the round is void, the progressive bets carried over.</source>
        <translation>兩張牌被陽開：該局無效，累進大獎的投注轉到下一局。</translation>
    </message>
    <message>
        <location line="-68"/>
        <source>Void: antes returned, progressive bets carried over; another machine or the shoe</source>
        <translation>該局無效：原注退回，累進大獎的投注轉到下一局；更換洗牌機或改用派牌盒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stands: that card turned down, the dealer&apos;s fifth up</source>
        <translation>維持有效：該牌重新蓋上，莊荷第五張牌陽開</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stands: that box&apos;s hand is played like the others</source>
        <translation>維持有效：該門的牌與其他各門一樣參與牌局</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Cards dealt the wrong way: the round is void, the progressive bets carried over.</source>
        <translation>派牌方法不正確：該局無效，累進大獎的投注轉到下一局。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A wrong number of cards: the round is void, the progressive bets carried over.</source>
        <translation>牌數有誤：該局無效，累進大獎的投注轉到下一局。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The machine failed: the round is void, the progressive bets carried over; another machine or the shoe.</source>
        <translation>洗牌機失靈：該局無效，累進大獎的投注轉到下一局；更換洗牌機或改用派牌盒。</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The card just dealt to box {box} was turned face up by mistake.</source>
        <translation>剛派給第{box}門的牌被錯誤陽開。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The dealer&apos;s card just dealt was turned face up by mistake.</source>
        <translation>剛派給莊荷的牌被錯誤陽開。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two cards were turned face up by mistake while dealing, one of them box {box}&apos;s.</source>
        <translation>派牌時兩張牌被錯誤陽開，其中一張屬第{box}門。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Five cards were dealt by mistake to box {box}, which has no bet.</source>
        <translation>錯誤地向沒有下注的第{box}門派了五張牌。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The shuffling machine has stopped in the middle of the deal.</source>
        <translation>派牌途中洗牌機失靈。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The cards were dealt the wrong way.</source>
        <translation>派牌方法不正確。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A hand received the wrong number of cards.</source>
        <translation>有一手牌的牌數有誤。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The deal stops until the irregularity is ruled (Art. 11).</source>
        <translation>須先就違規情況作出裁定，才可繼續派牌（第十一條）。</translation>
    </message>
    <message>
        <location filename="../../rules/craps/irregular.py" line="-85"/>
        <source>The shooter throws: one die shows {face}; the other bounces off the table and lands on the floor showing {off}.</source>
        <translation>擲骰者擲骰：一粒骰子顯示{face}點；另一粒彈出檯面，跌在地上顯示{off}點。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Call &quot;no roll&quot;: every bet stays as it is and the shooter throws again.</source>
        <translation>宣佈「無效擲骰」：所有投注維持不變，擲骰者重擲。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Count the throw as it lies: {total}, and settle it.</source>
        <translation>照骰子現狀計算：{total}點，並按此結算。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A throw with a die off the table is not valid: it decides no bet (Art. 1).</source>
        <translation>有骰子離開檯面的擲骰無效：不決定任何投注的輸贏（第一條）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>That throw was no roll (a die left the table): nothing is settled on it; the shooter throws again (Art. 1).</source>
        <translation>這次是無效擲骰（有骰子離開檯面）：不可按此結算任何投注；擲骰者須重擲（第一條）。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>One die shows {face}. The other leans on a chip stack: {high} is the more exposed upper face, {low} the less.</source>
        <translation>一粒骰子顯示{face}點。另一粒斜靠在一疊籌碼上：{high}點是較外露的上面，{low}點較不外露。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Call &quot;no roll&quot;: a cocked die makes the throw invalid.</source>
        <translation>宣佈「無效擲骰」：骰子傾斜令擲骰無效。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Judge the throw first: a cocked die counts its most exposed upper face (Art. 1).</source>
        <translation>先判定這次擲骰：傾斜的骰子以最外露的上面計（第一條）。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The odds bet is refused: its win would exceed the line bet; the largest odds bet is {largest}.</source>
        <translation>該附加投注不被接受：其贏款會超過原注；最高的附加投注為{largest}。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refuse the odds bet and tell the player the largest allowed.</source>
        <translation>拒絕該附加投注，並告訴客人最高可投注多少。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The odds bet is within the limit: it is accepted.</source>
        <translation>該附加投注在限額之內：予以接受。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Place the odds behind the bet.</source>
        <translation>把附加投注放在原注後面。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Before the throw, a player asks for odds of {amount} behind their bet on the point {point}.</source>
        <translation>擲骰前，一位客人要求在其點數{point}的投注後面加{amount}的附加投注。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Accept the odds and place them behind the bet.</source>
        <translation>接受附加投注，放在原注後面。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The odds&apos; win may never exceed the line bet: this odds bet is over the limit.</source>
        <translation>附加投注的贏款永不可超過原注：這筆附加投注超出限額。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refuse the odds: they are over the limit.</source>
        <translation>拒絕附加投注：超出限額。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>These odds are within the limit: a player may take them.</source>
        <translation>這筆附加投注在限額之內：客人可以投注。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A player is asking for odds: answer before the throw is settled.</source>
        <translation>有客人要求附加投注：先回應，才結算這次擲骰。</translation>
    </message>
    <message>
        <location filename="../../rules/roulette/irregular.py" line="-72"/>
        <source>After the bell no bet may be placed or changed: it is refused (Art. 3).</source>
        <translation>鳴鐘後不得下注或更改投注：該注不被接受（第三條）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The bell has rung and the ball is spinning: a player pushes a bet onto the layout.</source>
        <translation>已鳴鐘，珠正在轉動：一位客人把一注推上檯面。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The late bet is still on the layout: refuse it first; after the bell no bet may be placed or changed (Art. 3).</source>
        <translation>逾時的投注仍在檯面上：先拒絕該注；鳴鐘後不得下注或更改投注（第三條）。</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>The ball is spinning when a chip falls into the wheel. The previous winning number was {previous}.</source>
        <translation>珠正在轉動時，一個籌碼跌入輪盤內。上一個中獎號碼是{previous}。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Let the ball finish and settle the number it lands on.</source>
        <translation>讓珠轉完，按其落入的號碼結算。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The spin is void (golpe nulo): nothing is settled on it; the ball is launched again (Art. 2(2)).</source>
        <translation>該局無效（golpe nulo）：不可按此結算；須重新打珠（第二條第二款）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>While paying, you knock over the chips of a winning bet. The inspector saw the layout and can put them back exactly.</source>
        <translation>賠注時，你碰亂了一注中獎投注的籌碼。監場看見檯面，能準確還原。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>While paying, you knock over the chips of several winning bets. The inspector cannot say with certainty where they were.</source>
        <translation>賠注時，你碰亂了幾注中獎投注的籌碼。監場不能確定它們原來的位置。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Call the inspector: he restores the bets, then they are paid.</source>
        <translation>請監場來：由監場還原投注，然後賠注。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The inspector restores them only when he can do so with certainty (Art. 5(3)).</source>
        <translation>監場只在能確定時才還原投注（第五條第三款）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Call the inspector: the bets are reconstructed from what the players indicate.</source>
        <translation>請監場來：按有關客人的指示重組投注。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Players indicate only when the inspector cannot restore them with certainty (Art. 5(3)).</source>
        <translation>只有在監場不能確定還原時，才由客人指示（第五條第三款）。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Put the chips back yourself as you remember them and pay.</source>
        <translation>憑記憶自行把籌碼放回，然後賠注。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stop paying: the disturbed bets are restored first, by the inspector or from the players&apos; indications (Art. 5(3)).</source>
        <translation>停止賠注：被弄亂的投注須先還原，由監場還原或按客人的指示重組（第五條第三款）。</translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/irregular.py" line="-66"/>
        <source>This ruling is the house&apos;s (a setting of its ruleset): the Sic Bo regulation (Despacho 31/2003) is not on file, so no article rules it.</source>
        <extracomment>What every Sic Bo ruling rests on, in words: the house, since no article is on file.</extracomment>
        <translation>此裁定屬賭場所定（其規則集的設定）：骰寶的規章（第31/2003號批示）未存檔，故無條文規管。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The shaker is lifted while the dice are still rolling: they come to rest in view, showing {first}, {second} and {third}.</source>
        <translation>骰子仍在滾動時骰盅已被揭開：骰子在眾目之下停定，顯示{first}、{second}及{third}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You open the shaker: two dice show {first} and {second}; the third leans on the wall, not flat, {third} nearly on top.</source>
        <translation>你打開骰盅：兩粒骰子顯示{first}及{second}；第三粒斜靠盅壁，沒有平放，{third}點近乎朝上。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>After &quot;no more bets&quot; the shaker is opened without having been shaken: the dice still show {first}, {second} and {third}, as the last throw left them.</source>
        <translation>「停止投注」後骰盅未經搖動便被打開：骰子仍顯示{first}、{second}及{third}，即上一局留下的點數。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Let the dice come to rest, then read them and settle.</source>
        <extracomment>Each void throw&apos;s own wrong way of reading it: (id, label, mistake, why).</extracomment>
        <translation>待骰子停定，然後讀骰並結算。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dice seen before they came to rest in the closed shaker are no throw: they are not read (a house ruling).</source>
        <translation>骰子在骰盅蓋上停定之前已被看見，此局無效：不讀骰（賭場裁定）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Read the leaning die&apos;s face nearest the top, and settle.</source>
        <translation>讀斜靠骰子朝上的一面並結算。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A die that is not flat shows no face: no face is read, the throw is void (a house ruling).</source>
        <translation>未平放的骰子沒有朝上的一面：不讀任何點數，此局無效（賭場裁定）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Shake the dice now and read them: no call, no supervisor.</source>
        <translation>即時搖骰並讀骰：不作宣佈，亦不召主任。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A shaker opened unshaken is a void throw: announce &quot;no throw&quot; and call the supervisor before the dice are shaken again (a house ruling).</source>
        <translation>骰盅未經搖動便被打開，此局無效：先宣佈「無效」並召主任，然後才重新搖骰（賭場裁定）。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Call &quot;no throw&quot; and the supervisor; the bets stand; shake again.</source>
        <translation>宣佈「無效」並召主任；投注維持不變；重新搖骰。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call &quot;no throw&quot; and the supervisor; hand the bets back, then shake.</source>
        <translation>宣佈「無效」並召主任；退還投注，然後搖骰。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>On this house&apos;s table the bets stand for the new shake; they are not handed back.</source>
        <translation>在本賭場的賭檯，投注留待重搖，不予退還。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Read the dice as they lie: {total}, and settle.</source>
        <translation>照骰子現時的點數讀骰：{total}點，然後結算。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A void throw decides no bet: nothing is settled on it (a house ruling).</source>
        <translation>無效的一局不決定任何投注：不作任何結算（賭場裁定）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>That throw is void (&quot;no throw&quot;): nothing is settled on it; the dice are shaken again (a house ruling).</source>
        <translation>此局無效（「無效」）：不作任何結算；重新搖骰（賭場裁定）。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Refuse it and hand the chips back; the other bets stand.</source>
        <translation>拒絕該投注並退還籌碼；其他投注維持不變。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>On this house&apos;s table a late bet&apos;s chips are set aside for the next throw.</source>
        <translation>在本賭場的賭檯，遲來投注的籌碼留待下一局。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refuse it; set the chips aside, off the layout, for the next throw.</source>
        <translation>拒絕該投注；將籌碼放在檯面以外，留待下一局。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>On this house&apos;s table a late bet&apos;s chips are handed back at once.</source>
        <translation>在本賭場的賭檯，遲來投注的籌碼即時退還。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>You have called &quot;no more bets&quot; and the shaker is closed: a player puts {amount} on {spot}.</source>
        <translation>你已宣佈「停止投注」，骰盅仍蓋着：一名玩家在{spot}放下{amount}。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Accept it: the shaker has not been opened yet.</source>
        <translation>接受該投注：骰盅尚未打開。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>After &quot;no more bets&quot; no bet is placed or changed: it is refused (a house ruling).</source>
        <translation>「停止投注」後不可下注或更改投注：不獲接受（賭場裁定）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Announce &quot;no throw&quot; and shake again.</source>
        <translation>宣佈「無效」並重新搖骰。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A late bet does not void the throw: refuse the bet, the throw stands (a house ruling).</source>
        <translation>遲來的投注不會令此局無效：拒絕該投注，此局照常進行（賭場裁定）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The late bet is still on the layout: refuse it first; after &quot;no more bets&quot; no bet is placed or changed (a house ruling).</source>
        <translation>遲來的投注仍在檯面上：先拒絕它；「停止投注」後不可下注或更改投注（賭場裁定）。</translation>
    </message>
    <message>
        <location filename="../../storage/centre.py" line="+82"/>
        <source>The sittings of one exam</source>
        <extracomment>The centre&apos;s time zone, by its IANA name (the server&apos;s SQL uses the name). 0: the defaults (no instructor has saved the settings yet). (field, lowest, highest): the ranges the table&apos;s CHECKs hold too. What each setting is called where a person reads it.</extracomment>
        <translation>同一考試的應考次數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The days between sittings</source>
        <translation>兩次應考之間相隔的日數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The months a certification is valid</source>
        <translation>認證的有效月數</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{setting} must be a whole number from {low} to {high}.</source>
        <translation>{setting}須為 {low} 至 {high} 之間的整數。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The centre&apos;s name is longer than {most} characters.</source>
        <translation>中心名稱超過 {most} 個字元。</translation>
    </message>
    <message>
        <location filename="../../storage/groups.py" line="+94"/>
        <source>A group named {existing} already exists (names that differ only in capitals, letter width or invisible characters are one name).</source>
        <extracomment>The audit entries that change who is listed where (what another workstation polls).</extracomment>
        <translation>已有名為 {existing} 的班級（只在大小寫、全形半形或不可見字元上不同的名稱視為同一名稱）。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>An instructor named {existing} already exists (names that differ only in capitals, letter width or invisible characters are one name).</source>
        <translation>已有名為 {existing} 的導師（只在大小寫、全形半形或不可見字元上不同的名稱視為同一名稱）。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The staff number {number} is {holder}&apos;s: each trainee has their own.</source>
        <translation>員工編號 {number} 屬於 {holder}：每名學員各有自己的編號。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The staff number {number} is another trainee&apos;s: each trainee has their own.</source>
        <translation>員工編號 {number} 屬於另一名學員：每名學員各有自己的編號。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>This group is not on file (another workstation may have changed it): read the list again.</source>
        <translation>記錄中沒有此班級（可能已在另一部工作站上更改）：請重新讀取清單。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This instructor is not on file (another workstation may have changed it): read the list again.</source>
        <translation>記錄中沒有此導師（可能已在另一部工作站上更改）：請重新讀取清單。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This trainee is not on file (another workstation may have changed it): read the list again.</source>
        <translation>記錄中沒有此學員（可能已在另一部工作站上更改）：請重新讀取清單。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You cannot disable your own account: another instructor must do it.</source>
        <translation>您不能停用自己的帳戶：須由另一名導師停用。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>On the centre&apos;s server PostgreSQL keeps the passwords: IT sets an instructor&apos;s with dealer-trainer server set-password.</source>
        <extracomment>Why an instructor&apos;s password is not reset (``InstructorDesk.set_instructor_password``).</extracomment>
        <translation>中心伺服器的密碼由 PostgreSQL 保管：導師的密碼由資訊部門以 dealer-trainer server set-password 設定。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change your own password under “Your password”, with the current one.</source>
        <translation>請在「你的密碼」中輸入目前密碼以更改自己的密碼。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This instructor account is disabled: only an active instructor sets a password.</source>
        <translation>此導師帳戶已停用：只有使用中的導師才可設定密碼。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only an active instructor manages groups and instructors.</source>
        <translation>只有在職的導師可以管理班級及導師。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A group needs a name (1 to 100 characters) and a start date.</source>
        <translation>班級須有名稱（1 至 100 個字元）及開課日期。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{name} is the last active instructor: add or enable another instructor first.</source>
        <translation>{name} 是最後一名在職導師：請先新增或重新啟用另一名導師。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The group {name} is archived: bring it back before adding trainees.</source>
        <translation>班級 {name} 已封存：請先恢復該班級，再加入學員。</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>A staff number has 1 to {most} letters (a to z), digits, &apos;-&apos;, &apos;/&apos;, &apos;.&apos; or &apos;_&apos;, and starts with a letter or a digit.</source>
        <extracomment>The server functions&apos; refusals (``storage/server/policy.py``, ``dt_group_*``, ``dt_set_instructor_disabled``), each as the sentence a single PC says.</extracomment>
        <translation>員工編號有 1 至 {most} 個字元，只可包含英文字母（a 至 z）、數字、&apos;-&apos;、&apos;/&apos;、&apos;.&apos; 或 &apos;_&apos;，並須以字母或數字開頭。</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>This instructor account is disabled or no longer exists.</source>
        <translation>此導師帳戶已停用或已不存在。</translation>
    </message>
    <message>
        <location line="+208"/>
        <source>Give the group&apos;s start date.</source>
        <translation>請輸入班級的開課日期。</translation>
    </message>
    <message>
        <location filename="../../storage/schedules.py" line="+64"/>
        <source>This plan is no longer given to this trainee.</source>
        <extracomment>Why a plan is not withdrawn (``CentreSchedules.withdraw_plan``).</extracomment>
        <translation>此計劃已不再指派給這名學員。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The plan is done: the trainee&apos;s work on it is a record, and it stays.</source>
        <translation>此計劃已完成：學員在其中的練習是一項紀錄，會保留下來。</translation>
    </message>
    <message>
        <location line="+174"/>
        <source>Choose at least one skill for the plan.</source>
        <extracomment>The groups&apos; names, for the plans given to a whole group (``PracticePlan.group_id``).</extracomment>
        <translation>請為計劃選擇至少一項技能。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The plan names a skill this version does not know.</source>
        <translation>計劃列出的技能不為此版本所認識。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A plan&apos;s skills are of one game.</source>
        <translation>一個計劃的技能須屬同一種遊戲。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A plan has between 1 and {most} items.</source>
        <translation>計劃有 1 至 {most} 題。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A plan&apos;s due date needs its time zone.</source>
        <translation>計劃的限期須附有時區。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The group {name} is archived: bring it back before giving it a plan.</source>
        <translation>班級 {name} 已封存：請先恢復該班級，再指派計劃。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The group {name} has no trainees yet: add them in the Groups tab first.</source>
        <translation>班級 {name} 尚未有學員：請先在「班級」分頁加入學員。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Choose at least one trainee to give the plan to.</source>
        <translation>請選擇至少一名學員以指派計劃。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The due date of a plan must be later than now.</source>
        <translation>計劃的限期須遲於現在。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>A trainee the plan is for is no longer registered.</source>
        <translation>計劃所指派的其中一名學員已不再登記。</translation>
    </message>
    <message>
        <location filename="../../storage/instructor_calls.py" line="+66"/>
        <location filename="../../storage/schedules.py" line="+20"/>
        <location line="+71"/>
        <source>This instructor account no longer exists.</source>
        <translation>此導師帳戶已不存在。</translation>
    </message>
    <message>
        <location filename="../../storage/standards.py" line="+375"/>
        <source>This version of the trainer has no such skill: choose one from the list.</source>
        <extracomment>The audit entry&apos;s detail of a standard set back to the drills&apos; own target (the server&apos;s ``dt_set_speed_standard`` writes the same words). The skills counted against their target in force: the rollup&apos;s rows of the days.</extracomment>
        <translation>此版本的培訓程式沒有該技能：請從清單中選擇。</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>The mastery rule&apos;s shares are whole percents.</source>
        <translation>掌握規則的比率須為整數百分比。</translation>
    </message>
    <message>
        <location filename="../../rules/rulesets.py" line="+115"/>
        <location line="+490"/>
        <source>a table</source>
        <extracomment>The most digits a number of a ruleset may have before and after its point: far beyond any table, and small enough that no arithmetic on it is slow (1e1000000 is refused as written, before any comparison; int() of it alone would take a minute). Characters a message shows escaped (​): they draw nothing, or turn the text around. Said of a value of a ruleset file that cannot be shown as written (&quot;…, not a table&quot;).</extracomment>
        <translation>表格</translation>
    </message>
    <message>
        <location line="-488"/>
        <location line="+489"/>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <location line="-487"/>
        <source>nothing</source>
        <translation>空值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a number of more than {digits} digits</source>
        <translation>超過 {digits} 位的數字</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{where}: {problem}.</source>
        <extracomment>A ruleset file refused: {where} is the file and the key as written (house.toml: overrides.zero_rule), {problem} what is wrong with it, one of the sentences of rulesets.py (they follow the key: &quot;is missing&quot;).</extracomment>
        <translation>{where}：{problem}。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>{name} cannot be empty</source>
        <translation>{name} 不可留空</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{name} must be true or false, not {value}</source>
        <translation>{name} 須為 true 或 false，而非 {value}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} must be one of {options}, not {value}</source>
        <translation>{name} 須為 {options} 之一，而非 {value}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} must be a number, not {value}</source>
        <translation>{name} 須為數字，而非 {value}</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{name} must be a finite number, not {value}</source>
        <translation>{name} 須為有限的數字，而非 {value}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{name} is {value}, a number no table has (at most {digits} digits before and after the point)</source>
        <translation>{name} 為 {value}，沒有賭檯會用這樣的數字（整數部分及小數部分各最多 {digits} 位）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} must be a whole number, not {value}</source>
        <translation>{name} 須為整數，而非 {value}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} is an amount of money, in whole cents (0.01), not {value}</source>
        <translation>{name} 是金額，須以整仙計（0.01），而非 {value}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{name} is larger than any table accepts ({most} at most), not {value}</source>
        <translation>{name} 超過任何賭檯接受的數額（最多 {most}）：{value}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} must be at least {minimum}, not {value}</source>
        <translation>{name} 須至少為 {minimum}，而非 {value}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{name} must be at most {maximum}, not {value}</source>
        <translation>{name} 最多為 {maximum}，而非 {value}</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>expected a chip value such as &quot;25&quot;, got {value}</source>
        <extracomment>The drill levels that choose a part of a chip set for their pay tray, lowest first.</extracomment>
        <translation>應為籌碼面值，例如「25」，而非 {value}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>not a number: {value}</source>
        <translation>不是數字：{value}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>a chip is a positive amount in cents, not {value}</source>
        <translation>籌碼面值須為以仙計的正數金額，而非 {value}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{value} is not a chip of the set ({chips})</source>
        <translation>{value} 不是這套籌碼中的籌碼（{chips}）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>needs at least one chip</source>
        <translation>最少須有一個籌碼</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>chip values must be distinct and listed lowest first</source>
        <translation>籌碼面值不可重複，並須由小至大列出</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>must be &apos;denominations&apos;, not {value}</source>
        <translation>須為「denominations」，而非 {value}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a chip set is a house setting: false</source>
        <translation>籌碼組合是賭場的設定：應為 false</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>is not a key of [chips] (known: {keys})</source>
        <translation>不是 [chips] 的鍵（可用的鍵：{keys}）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>holds {count} chips; a chip set has at most {most}</source>
        <translation>有 {count} 個籌碼；一套籌碼最多 {most} 個</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>is needed: the base&apos;s float ({chips}) has chips that are not in the set</source>
        <translation>必須填寫：所依據規則集的派彩籌碼（{chips}）含有不在這套籌碼中的籌碼</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>holds {count} chips; a drill&apos;s float holds at most {most} (the pay tray&apos;s keys 1-9)</source>
        <translation>有 {count} 個籌碼；練習的派彩籌碼最多 {most} 個（籌碼盤的 1 至 9 鍵）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>is a currency code such as &quot;HKD&quot; or &quot;MOP&quot;, not {value}</source>
        <translation>須為貨幣代碼，例如「HKD」或「MOP」，而非 {value}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>is empty: say what the chips are</source>
        <translation>是空的：請說明這些是甚麼籌碼</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>has {count} characters ({most} at most)</source>
        <translation>有 {count} 個字元（最多 {most} 個）</translation>
    </message>
    <message>
        <location line="+141"/>
        <source>is missing</source>
        <extracomment>What follows a house basis cited where no article can be (``house ruling: …``). What is wrong with a key of a ruleset file, after &quot;file: key:&quot;.</extracomment>
        <translation>缺少此項</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>expected {kind}, got {value}</source>
        <translation>應為{kind}，而非{value}</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>a string</source>
        <extracomment>What a key of a ruleset file must hold, in &quot;expected {kind}, got {value}&quot;.</extracomment>
        <translation>字串</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an integer</source>
        <translation>整數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a number</source>
        <translation>數字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{first} or {second}</source>
        <translation>{first}或{second}</translation>
    </message>
    <message>
        <location line="+130"/>
        <source>the payouts are the regulation&apos;s: a house cannot change them (a house option, such as royal_flush_pays, is a setting in [overrides])</source>
        <extracomment>A house ruleset&apos;s id: lowercase letters and digits in words joined by single hyphens, as the regulations&apos; own (``grand-lisboa-roulette``); no path, no space, no dot. The keys of a house ruleset file, and what a house file cannot change (with why).</extracomment>
        <translation>派彩屬於規章：賭場不可更改（賭場的選項，例如 royal_flush_pays，是 [overrides] 中的設定）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a house does not declare settings: it changes its base&apos;s in [overrides]</source>
        <translation>賭場不宣告設定：只在 [overrides] 中更改所依據規則集的設定</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>has {count} characters; a house ruleset file has at most {most}</source>
        <translation>有 {count} 個字元；賭場規則集檔案最多 {most} 個字元</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>not valid TOML: lists or tables nested too deeply</source>
        <translation>不是有效的 TOML：列表或表格嵌套過深</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>line {line}: a number of thousands of digits, which no table has</source>
        <translation>第 {line} 行：有數千位的數字，沒有賭檯會用</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>not valid TOML: {detail}</source>
        <extracomment>Where tomllib says its error is: ``… (at line 3, column 5)`` or ``… (at end of document)`` (Python 3.11&apos;s ``TOMLDecodeError`` has no ``lineno``).</extracomment>
        <translation>不是有效的 TOML（{detail}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not valid TOML: {detail} (at end of document)</source>
        <translation>檔案末尾不是有效的 TOML（{detail}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not valid TOML: {detail} (at line {line}, column {column})</source>
        <translation>第 {line} 行第 {column} 欄不是有效的 TOML（{detail}）</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>{value} is not a finite number</source>
        <translation>{value} 不是有限的數字</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{value} is a number no table has (at most {digits} digits before and after the point)</source>
        <translation>{value} 是沒有賭檯會用的數字（整數部分及小數部分各最多 {digits} 位）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>is empty: name the ruleset, such as &quot;grand-lisboa-roulette&quot;</source>
        <translation>是空的：請為規則集命名，例如「grand-lisboa-roulette」</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>has {count} characters; an id has at most {most}</source>
        <translation>有 {count} 個字元；id 最多 {most} 個字元</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{value} is not an id: lowercase letters and digits joined by single hyphens, such as &quot;grand-lisboa-roulette&quot; (no spaces, dots or slashes)</source>
        <translation>{value} 不是有效的 id：須為小寫字母及數字，以單一連字號連接，例如「grand-lisboa-roulette」（不可有空格、句點或斜線）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>holds U+{code}, a character that is not seen (a control, format or line-break character): write the title on one line in plain letters</source>
        <translation>含有 U+{code}，一個看不見的字元（控制、格式或換行字元）：請以普通文字在一行內寫出名稱</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>is empty: give the name the trainees will see</source>
        <translation>是空的：請寫上學員會看到的名稱</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>has {count} characters; a title has at most {most}</source>
        <translation>有 {count} 個字元；名稱最多 {most} 個字元</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>is not a key of a house ruleset (its keys: {keys})</source>
        <translation>不是賭場規則集的鍵（其鍵為：{keys}）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{id} is a regulation&apos;s own ruleset and is read-only</source>
        <translation>{id} 是規章本身的規則集，不可更改</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>a ruleset cannot be its own base (known bases: {known})</source>
        <translation>規則集不可以自己為依據（可用的依據：{known}）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{value} is a house ruleset; a house ruleset is based on a regulation&apos;s own ruleset (known: {known})</source>
        <translation>{value} 是賭場規則集；賭場規則集須以規章本身的規則集為依據（可用的：{known}）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>no regulation ruleset {value} (known: {known})</source>
        <translation>沒有名為 {value} 的規章規則集（可用的：{known}）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>is {value}, but the base {base} is a {game} ruleset</source>
        <translation>為 {value}，但所依據的 {base} 是 {game} 的規則集</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{id} is already a {game} house ruleset; a {other} one needs another id</source>
        <translation>{id} 已是 {game} 的賭場規則集；{other} 的規則集須用另一個 id</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>is not a setting of {base} (its settings: {settings})</source>
        <translation>不是 {base} 的設定（其設定為：{settings}）</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>is not a file (a folder, a device or a pipe)</source>
        <translation>不是檔案（是資料夾、裝置或管道）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>is {size} bytes; a house ruleset file has at most {most} characters</source>
        <translation>有 {size} 位元組；賭場規則集檔案最多 {most} 個字元</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>is not UTF-8 text (byte {byte}): save it as UTF-8</source>
        <translation>不是 UTF-8 文字（第 {byte} 個位元組）：請以 UTF-8 儲存</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cannot be read ({reason})</source>
        <translation>無法讀取（{reason}）</translation>
    </message>
    <message>
        <location filename="../../storage/house_rulesets.py" line="+126"/>
        <source>{file}: id: the kept text names {named}, not {kept}.</source>
        <translation>{file}: id：保存的內容寫的是 {named}，而非 {kept}。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>{file}: is not text.</source>
        <translation>{file}：不是文字。</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>The house ruleset {title} (version {version}) cannot be used by this version of the app: {problem}</source>
        <translation>賭場規則集 {title}（第 {version} 版）不能在此版本的本程式中使用：{problem}</translation>
    </message>
    <message>
        <location filename="../../rules/craps/config.py" line="+155"/>
        <source>{article} is of {older}: the part of {newer} on file has no article on this, so this table follows {older}, which {newer} revoked, until its own text is on file.</source>
        <extracomment>The craps texts by the ruleset that follows each, as a citation names them. The rules whose article the ruleset must name, in ``[craps.citations]``. Point number → its pair in the names of the ruleset&apos;s payouts, blocks and articles (``big_6_8``, ``hard_4_10``, ``pass_odds_5_9``, ``dont_odds_6_8``). Table procedure, not in the regulation: the losers are collected before any winner is paid. Portaria n.º 97/85/M sets no order of settlement, so this cites no article.</extracomment>
        <translation>{article}是{older}的條文：現存的{newer}部分沒有相關條文，所以本檯沿用已被{newer}廢止的{older}，直至其本身的條文備存為止。</translation>
    </message>
    <message>
        <location filename="../../rules/craps/table.py" line="+217"/>
        <source>A {bet} bet is made before a come-out roll only, and the point is {point}: an interpretation (a setting of the ruleset): the text decides the bet on its first throw and does not say when it may be made.</source>
        <translation>{bet}投注只可在首擲前下注，現時點數是{point}：這是解釋（規則集的設定）：條文在第一擲決定該注，沒有說明何時可以下注。</translation>
    </message>
    <message>
        <location filename="../../rules/baccarat/authority.py" line="+47"/>
        <source>even money (an interpretation; the article is not on file)</source>
        <translation>平賠（一賠一；屬解釋，該條文未存檔）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the winner rule (a secondary text; the article is not on file)</source>
        <translation>勝負規則（二手文本；該條文未存檔）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>on a tie the Player and Banker bets are returned (an interpretation; the article is not on file)</source>
        <translation>和局時，投注於「閒」家及「莊」家的注碼退回（屬解釋；該條文未存檔）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the house pay table (the figures of the revoked Ordem Executiva 70/2000)</source>
        <translation>賭場派彩表（已廢止的第70/2000號行政命令所定的賠率）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the house pay table (a figure the house set)</source>
        <translation>賭場派彩表（賭場自定的賠率）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the drawing rules (a secondary text; the article is not on file)</source>
        <translation>增牌規則（二手文本；該條文未存檔）</translation>
    </message>
    <message>
        <location filename="../../storage/server/busy.py" line="+56"/>
        <source>The training centre&apos;s server is busy: every connection it allows is in use, and none came free in {seconds} s. Try again in a minute; if it keeps happening, tell IT (the server may be flooded with sign-in attempts).</source>
        <extracomment>How long a sign-in keeps trying while the server has no free connection. The first wait before trying again, and the longest (each wait doubles, then is jittered to between half and one and a half times itself, so workstations do not retry in step).</extracomment>
        <translation>培訓中心的伺服器忙碌中：允許的連線全部在使用中，{seconds} 秒內沒有任何連線空出。請一分鐘後再試；如情況持續，請通知資訊部門（伺服器可能正受到大量登入嘗試衝擊）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Your login already has as many connections open on the server as one person may have. If you are not signed in on other workstations, someone else may be using your login: tell an instructor or IT, and change your password.</source>
        <translation>你的登入名稱在伺服器上開啟的連線已達每人上限。如你沒有在其他工作站登入，可能有其他人正在使用你的登入名稱：請通知導師或資訊部門，並更改密碼。</translation>
    </message>
    <message>
        <location filename="../../storage/access.py" line="+67"/>
        <source>The password must have at least {count} characters.</source>
        <extracomment>PostgreSQL&apos;s ``passwordcheck`` refuses fewer than 8 bytes; the app counts characters (never more than bytes), so it refuses every password the server would refuse.</extracomment>
        <translation>密碼至少要有 {count} 個字元。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The password must mix letters (a to z) with at least one other character: a digit, a space or a sign.</source>
        <translation>密碼須混合英文字母（a 至 z）及至少一個其他字元：數字、空格或符號。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The password must not contain the login {login}.</source>
        <translation>密碼不可包含登入名稱 {login}。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a new password: the one you were given must be replaced by your own.</source>
        <translation>請選擇新密碼：獲發的密碼必須換成您自己的密碼。</translation>
    </message>
    <message>
        <location filename="../../storage/signin.py" line="-153"/>
        <source>Your password was set by an instructor: choose your own (sign out and sign in again) before you start an exam.</source>
        <extracomment>The server login the records were opened with (``None``: a local file). Said for an unknown login and for a wrong password alike: which logins exist is nobody&apos;s business before sign-in. Said when a trainee whose password someone else set (an instructor, IT) tries to start an exam: they choose their own first (issue 36).</extracomment>
        <translation>您的密碼由導師設定：開始考試前，請先選擇您自己的密碼（登出後再登入）。</translation>
    </message>
    <message>
        <location filename="../../storage/graded.py" line="+141"/>
        <source>1 round waits for grading, since {when}: it is in no figure until the centre&apos;s grader has judged it.</source>
        <extracomment>The server&apos;s view of the graded answers, with the answers&apos; column names (those read). Why the grader flagged it (``grader.Flag``), ``None`` when it graded it as sent. The server&apos;s view of the live-table rounds the grader judged (``policy.GRADED_ROUND_ENDS``), with ``table_round_ends``&apos; column names (those read). Their attempts with the grader&apos;s verdicts (``policy.GRADED_TABLE_ATTEMPTS``), with ``table_attempts``&apos; column names (those read).</extracomment>
        <translation>1 個牌局自 {when} 起等待評分：中心評分程式評定前不計入任何數字。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{count} rounds wait for grading, since {when}: they are in no figure until the centre&apos;s grader has judged them.</source>
        <translation>{count} 個牌局自 {when} 起等待評分：中心評分程式評定前不計入任何數字。</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>1 answer waits for grading, since {when}: it is in no figure until the centre&apos;s grader has graded it.</source>
        <translation>1 個答案自 {when} 起等待評分：中心評分程式評分前不計入任何數字。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{count} answers wait for grading, since {when}: they are in no figure until the centre&apos;s grader has graded them.</source>
        <translation>{count} 個答案自 {when} 起等待評分：中心評分程式評分前不計入任何數字。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Not the exam&apos;s item at its place (or more answers than items): counted wrong.</source>
        <extracomment>Why the grader flagged an answer (``grader.Flag``&apos;s values), in words.</extracomment>
        <translation>並非考試該位置的題目（或答案多於題目）：當作答錯。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recorded after the sitting&apos;s time limit: it does not count.</source>
        <translation>於考試時限後記錄：不計分。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The answer sent cannot be read by the grader: counted wrong.</source>
        <translation>評分程式無法讀取送來的答案：當作答錯。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The grader cannot make the item it names: counted wrong.</source>
        <translation>評分程式無法產生所指的題目：當作答錯。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The workstation said wrong; the grader&apos;s verdict is right.</source>
        <translation>工作站判為錯；評分程式判為對。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The workstation said right; the grader&apos;s verdict is wrong.</source>
        <translation>工作站判為對；評分程式判為錯。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The situation the workstation stored is not the item the grader made from its seed: graded on the grader&apos;s item.</source>
        <translation>工作站儲存的情況並非評分程式按種子產生的題目：按評分程式的題目評分。</translation>
    </message>
    <message>
        <source>Straight-up {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>孤丁 {shown}</translation>
    </message>
    <message>
        <source>straight-up</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>孤丁</translation>
    </message>
    <message>
        <source>straight-ups</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>孤丁</translation>
    </message>
    <message>
        <source>Split {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>兩門騎 {shown}</translation>
    </message>
    <message>
        <source>split</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>兩門騎</translation>
    </message>
    <message>
        <source>splits</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>兩門騎</translation>
    </message>
    <message>
        <source>Street {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>三門一列 {shown}</translation>
    </message>
    <message>
        <source>street</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>三門一列</translation>
    </message>
    <message>
        <source>streets</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>三門一列</translation>
    </message>
    <message>
        <source>Corner {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>四門騎 {shown}</translation>
    </message>
    <message>
        <source>corner</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>四門騎</translation>
    </message>
    <message>
        <source>corners</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>四門騎</translation>
    </message>
    <message>
        <source>Six-line {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>六門 {shown}</translation>
    </message>
    <message>
        <source>six-line</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>六門</translation>
    </message>
    <message>
        <source>six-lines</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>六門</translation>
    </message>
    <message>
        <source>Nine numbers {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>九門 {shown}</translation>
    </message>
    <message>
        <source>nine-number bet</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>九門</translation>
    </message>
    <message>
        <source>nine-number bets</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>九門</translation>
    </message>
    <message>
        <source>Twelve-number sector {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>十二門 {shown}</translation>
    </message>
    <message>
        <source>twelve-number sector</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>十二門</translation>
    </message>
    <message>
        <source>twelve-number sectors</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>十二門</translation>
    </message>
    <message>
        <source>Column {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>直十二門 {shown}</translation>
    </message>
    <message>
        <source>column</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>直十二門</translation>
    </message>
    <message>
        <source>columns</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>直十二門</translation>
    </message>
    <message>
        <source>dozen</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>小、中或大十二門</translation>
    </message>
    <message>
        <source>dozens</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>小、中、大十二門</translation>
    </message>
    <message>
        <source>Dozen 1 (1–12)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>小十二門（1–12）</translation>
    </message>
    <message>
        <source>Dozen 2 (13–24)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>中十二門（13–24）</translation>
    </message>
    <message>
        <source>Dozen 3 (25–36)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>大十二門（25–36）</translation>
    </message>
    <message>
        <source>Even</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>雙</translation>
    </message>
    <message>
        <source>evens</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>雙</translation>
    </message>
    <message>
        <source>Odd</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>單</translation>
    </message>
    <message>
        <source>odds</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>單</translation>
    </message>
    <message>
        <source>Low 1–18</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>小 1–18</translation>
    </message>
    <message>
        <source>low (1-18)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>小（1-18）</translation>
    </message>
    <message>
        <source>lows (1-18)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>小（1-18）</translation>
    </message>
    <message>
        <source>High 19–36</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>大 19–36</translation>
    </message>
    <message>
        <source>high (19-36)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>大（19-36）</translation>
    </message>
    <message>
        <source>highs (19-36)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>大（19-36）</translation>
    </message>
    <message>
        <source>Red</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>紅</translation>
    </message>
    <message>
        <source>red</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>紅</translation>
    </message>
    <message>
        <source>reds</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>紅</translation>
    </message>
    <message>
        <source>Black</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>黑</translation>
    </message>
    <message>
        <source>black</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>黑</translation>
    </message>
    <message>
        <source>blacks</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>黑</translation>
    </message>
    <message>
        <source>Pass Line</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>派司拉</translation>
    </message>
    <message>
        <source>Don&apos;t Pass</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>東派司</translation>
    </message>
    <message>
        <source>Come</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>襟</translation>
    </message>
    <message>
        <source>Come bet on {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>{number}點襟注</translation>
    </message>
    <message>
        <source>Don&apos;t Come</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>東襟</translation>
    </message>
    <message>
        <source>Don&apos;t Come bet on {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>{number}點東襟注</translation>
    </message>
    <message>
        <source>Odds behind {bet}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>{bet}的附加投注</translation>
    </message>
    <message>
        <source>Field</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>場區</translation>
    </message>
    <message>
        <source>Hard {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>硬{number}</translation>
    </message>
    <message>
        <source>Big 7</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>大七</translation>
    </message>
    <message>
        <source>Eleven</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>十一</translation>
    </message>
    <message>
        <source>Any Craps</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>任何2、3、12點</translation>
    </message>
    <message>
        <source>Big {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>大{number}</translation>
    </message>
    <message>
        <source>Box {box} ante</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>第{box}門原注</translation>
    </message>
    <message>
        <source>Box {box} progressive jackpot bet</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>第{box}門累進大獎投注</translation>
    </message>
    <message>
        <source>Box {box} raise</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>第{box}門加注</translation>
    </message>
    <message>
        <source>Small</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>小</translation>
    </message>
    <message>
        <source>Big</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>大</translation>
    </message>
    <message>
        <source>Total {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>點數 {number}</translation>
    </message>
    <message>
        <source>Triple {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>圍骰 {number}</translation>
    </message>
    <message>
        <source>Any triple</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>全圍</translation>
    </message>
    <message>
        <source>Double {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>雙骰 {number}</translation>
    </message>
    <message>
        <source>Combination {first}-{second}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>兩骰組合 {first}-{second}</translation>
    </message>
    <message>
        <source>Single number {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>單骰 {number}</translation>
    </message>
</context>
<context>
    <name>AmountPad</name>
    <message>
        <location filename="../../ui/drills/answers.py" line="+155"/>
        <source>Amount to pay</source>
        <translation>應賠金額</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type or tap the amount</source>
        <translation>輸入或點按金額</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the last digit (Backspace)</source>
        <translation>刪除最後一位數字（Backspace）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the last digit</source>
        <translation>刪除最後一位數字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C</source>
        <translation>C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear the amount (Esc)</source>
        <translation>清除金額（Esc）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear the amount</source>
        <translation>清除金額</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay ↵</source>
        <translation>派彩 ↵</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give this amount (Enter)</source>
        <translation>以此金額作答（Enter）</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Type an amount such as %1.</source>
        <translation>請輸入金額，例如 %1。</translation>
    </message>
</context>
<context>
    <name>AnswerDetail</name>
    <message>
        <location filename="../../ui/drills/answer_detail.py" line="+76"/>
        <source>correct</source>
        <translation>答對</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wrong</source>
        <translation>答錯</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>answered %1 in %2</source>
        <translation>%1作答，用時%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This version cannot re-create the question; the table is the recorded one.</source>
        <translation>此版本無法重現該題目；檯面為記錄時的情況。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Given</source>
        <translation>學員答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expected</source>
        <translation>正確答案</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Rule</source>
        <translation>規則</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Worked answer</source>
        <translation>解題步驟</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Seed</source>
        <translation>種子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>app</source>
        <translation>程式版本</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Choose an answer to see its table and question.</source>
        <translation>選擇一個答案，查看當時的檯面及題目。</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>The recorded situation has no table to draw.</source>
        <translation>所記錄的情境沒有可繪製的檯面。</translation>
    </message>
</context>
<context>
    <name>AnswerWords</name>
    <message>
        <location filename="../../ui/drills/answer_words.py" line="+167"/>
        <source>a bet that is not on the recorded table</source>
        <extracomment>The right order one step a line (pay-order questions), for the drill-down. Felts already laid out, by what they are drawn from: a CSV of a cohort names the bets of thousands of answers, and laying a felt out again for each took 85 % of its time.</extracomment>
        <translation>不在記錄牌桌上的注項</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>no answer</source>
        <translation>未作答</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+31"/>
        <source>an answer this version cannot read</source>
        <translation>此版本無法讀取的答案</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>an option whose text is not on file</source>
        <translation>未存檔文字的選項</translation>
    </message>
</context>
<context>
    <name>AnswersModel</name>
    <message>
        <location filename="../../ui/instructor/models.py" line="+174"/>
        <source>Answered</source>
        <translation>作答時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>用時</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Given</source>
        <translation>所答</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expected</source>
        <translation>正確答案</translation>
    </message>
    <message>
        <location line="+103"/>
        <source>waiting for grading</source>
        <translation>等待評分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>correct</source>
        <translation>正確</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wrong</source>
        <translation>錯誤</translation>
    </message>
</context>
<context>
    <name>ArticleDialog</name>
    <message>
        <location filename="../../ui/drills/feedback.py" line="+302"/>
        <source>The text of %1 is not on file.</source>
        <translation>未存有%1的文本。</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>English reading</source>
        <extracomment>Which tab an article opens on, by the app&apos;s language: the text in the reader&apos;s language.</extracomment>
        <translation>英文解讀</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Português (official)</source>
        <translation>葡文（官方文本）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>中文 (official)</source>
        <translation>中文（官方文本）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No article is cited: this answer rests on the house&apos;s own table (%1). The Sic Bo regulation (Despacho Regulamentar Externo n.º 31/2003) is not on file.</source>
        <translation>並無引用條文：此答案以賭場本身的派彩表為依據（%1）。骰寶的規章（第31/2003號經濟財政司司長對外規範性批示）未存檔。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No article is cited: this answer rests on the table&apos;s procedure (%1), a setting of the ruleset; the regulation sets no order of settlement. Each bet&apos;s own article is in the worked solution.</source>
        <translation>沒有引用條文：此答案依據檯面程序（%1），是規則集的設定；規章並未訂定結算次序。每注所依據的條文見於解題步驟。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The English reading is the project&apos;s aid, not an official text.</source>
        <translation>英文解讀只是本系統提供的輔助資料，並非官方文本。</translation>
    </message>
</context>
<context>
    <name>CentrePanel</name>
    <message>
        <location filename="../../ui/instructor/centre.py" line="+67"/>
        <location line="+94"/>
        <source>Dealer training centre</source>
        <translation>荷官培訓中心</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>The centre&apos;s settings</source>
        <translation>中心設定</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Saved</source>
        <translation>儲存於</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>By</source>
        <translation>儲存者</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+7"/>
        <source>Trainee</source>
        <translation>學員</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>S&amp;ave the settings</source>
        <translation>儲存設定(&amp;A)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Centre&apos;s name (transcripts, certificates):</source>
        <translation>中心名稱（成績單、證書）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sittings an e&amp;xam allows (the first included):</source>
        <translation>每項考試可應考次數（包括首次）(&amp;X)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Da&amp;ys to wait between sittings:</source>
        <translation>兩次應考之間相隔日數(&amp;Y)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Certification val&amp;id for (months):</source>
        <translation>認證有效期（月）(&amp;I)：</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Transcript (P&amp;DF)…</source>
        <translation>成績單 (PDF)(&amp;D)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Certi&amp;ficates (PDF)…</source>
        <translation>證書 (PDF)(&amp;F)…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Game</source>
        <translation>遊戲</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Passed on</source>
        <translation>合格日期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In time</source>
        <translation>限時內</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Approved by</source>
        <translation>批准導師</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validity</source>
        <translation>有效期</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>For:</source>
        <translation>學員：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Certifications</source>
        <translation>認證</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>“%1”, %2 sittings, %3 days between, valid %4 months</source>
        <extracomment>What the tab shows was read before a change of people (or never): it is read when the tab is next shown, not on the GUI thread while the window is built.</extracomment>
        <translation>「%1」，可應考 %2 次，相隔 %3 日，有效 %4 個月</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Defaults: %1</source>
        <translation>預設：%1</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Not saved: %1</source>
        <translation>未儲存：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved as version %1: %2</source>
        <translation>已儲存為第 %1 版：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Choose a trainee first.</source>
        <translation>請先選擇學員。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>certificates</source>
        <translation>證書</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>transcript</source>
        <translation>成績單</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the PDF</source>
        <translation>儲存 PDF</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Writing %1…</source>
        <translation>正在寫入 %1…</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n page(s) written to %1</source>
        <translation>
            <numerusform>已把 %n 頁寫入 %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChipBuilder</name>
    <message>
        <location filename="../../ui/drills/answers.py" line="+46"/>
        <source>Total of the chips</source>
        <translation>籌碼總額</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo</source>
        <translation>復原(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take back the last chip (Backspace)</source>
        <translation>收回最後一個籌碼（Backspace）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C&amp;lear</source>
        <translation>清除(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay ↵</source>
        <translation>派彩 ↵</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys 1-9 add a chip; Backspace takes it back.</source>
        <translation>按 1-9 鍵加一個籌碼；按 Backspace 收回。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add a chip of %1</source>
        <translation>加一個 %1 的籌碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a chip of %1 (key %2)</source>
        <translation>加一個 %1 的籌碼（%2 鍵）</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>%1 in one chip</source>
        <translation>%1，一個籌碼</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 in %2 chips</source>
        <translation>%1，共 %2 個籌碼</translation>
    </message>
</context>
<context>
    <name>ChoicePicker</name>
    <message>
        <location line="+161"/>
        <source>Answer ↵</source>
        <translation>作答 ↵</translation>
    </message>
</context>
<context>
    <name>ChoosePasswordDialog</name>
    <message>
        <location filename="../../ui/kit/choose_password.py" line="+42"/>
        <source>Choose your password</source>
        <translation>選擇您的密碼</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The password you signed in with was set for you by an instructor: only you should know yours. Choose your own for the login %1 now; until then no exam can be started.</source>
        <translation>您用來登入的密碼由導師為您設定：您的密碼應只有您自己知道。請現在為登入名稱 %1 選擇您自己的密碼；在此之前不能開始任何考試。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>At least %1 characters, with letters (a to z) and at least one digit, space or sign; not your login.</source>
        <translation>至少 %1 個字元，包含英文字母（a 至 z）及至少一個數字、空格或符號；不可包含您的登入名稱。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The password you &amp;were given:</source>
        <translation>獲發的密碼(&amp;W)：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Password given</source>
        <translation>獲發的密碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your &amp;new password:</source>
        <translation>您的新密碼(&amp;N)：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New password</source>
        <translation>新密碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The new password &amp;again:</source>
        <translation>再次輸入新密碼(&amp;A)：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New password again</source>
        <translation>再次輸入新密碼</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Choose this password</source>
        <translation>選用此密碼(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sign &amp;out</source>
        <translation>登出(&amp;O)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Enter the password you were given.</source>
        <translation>請輸入獲發的密碼。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The two new passwords differ: type the same one twice.</source>
        <translation>兩次輸入的新密碼不相同：請輸入相同的密碼兩次。</translation>
    </message>
</context>
<context>
    <name>CohortModel</name>
    <message>
        <location filename="../../ui/instructor/models.py" line="-211"/>
        <source>Trainee</source>
        <translation>學員</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answers</source>
        <translation>答題數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accuracy</source>
        <translation>準確率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Typical time</source>
        <translation>一般用時</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Days active</source>
        <translation>活躍日數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last active</source>
        <translation>最後活躍</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weakest skill</source>
        <translation>最弱技能</translation>
    </message>
    <message>
        <location line="+57"/>
        <source> (archived)</source>
        <translation>（已封存）</translation>
    </message>
    <message>
        <location filename="../../reports/within_target.py" line="+28"/>
        <source>Within target</source>
        <extracomment>The column&apos;s heading, in the dashboard&apos;s table (context CohortModel) and the report&apos;s.</extracomment>
        <translation>目標時間內</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Within target: of the trainee&apos;s answers in the period, the share that is right and was given within the skill&apos;s target time (the centre&apos;s speed standard, or the drills&apos; own target where the centre has set none). A right answer given too slowly does not count. The Mastery tab counts it the same way.</source>
        <translation>目標時間內：學員在該期間的答題中，答對且在該技能目標時間內作答的比例（中心的速度標準；中心未設定時則為練習本身的目標）。答對但太慢的不計算在內。「掌握程度」分頁的計算方法相同。</translation>
    </message>
</context>
<context>
    <name>CohortView</name>
    <message>
        <location filename="../../ui/instructor/dashboard.py" line="+263"/>
        <source>Group:</source>
        <extracomment>The table&apos;s figures of this round, when they came before the plots&apos;. What the view shows once plots and table are in (the cohort PDF reuses it).</extracomment>
        <translation>班級：</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../ui/instructor/table_results.py" line="+556"/>
        <source>Period:</source>
        <translation>期間：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skill:</source>
        <translation>技能：</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Find a trainee…</source>
        <translation>搜尋學員…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Skills, weakest first</source>
        <translation>技能（由最弱起）</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Loading…</source>
        <translation>載入中…</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message numerus="yes">
        <location line="+32"/>
        <source>%1 trainee(s)</source>
        <translation>
            <numerusform>%1 名學員</numerusform>
        </translation>
    </message>
    <message>
        <location line="-73"/>
        <source>Loading the trainees&apos; figures…</source>
        <translation>正在載入學員數據…</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Trainees (Enter or double-click for details)</source>
        <translation>學員（按 Enter 或按兩下查看詳情）</translation>
    </message>
    <message>
        <location filename="../../ui/kit/group_picker.py" line="+32"/>
        <source>Every trainee</source>
        <translation>全體學員</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (archived)</source>
        <translation>（已封存）</translation>
    </message>
</context>
<context>
    <name>Confirmation</name>
    <message>
        <location filename="../../ui/kit/confirm.py" line="+50"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>DrillLauncher</name>
    <message>
        <location filename="../../ui/trainee/launcher.py" line="+325"/>
        <source>Skills</source>
        <translation>技能</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items in a mock exam</source>
        <translation>模擬考試題數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exam to sit</source>
        <translation>應考的考試</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>Storage is not available: %1</source>
        <translation>無法使用資料庫：%1</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>Assigned: %1</source>
        <translation>已指派：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Assigned: %1 (resume at item %2 of %3)</source>
        <translation>已指派：%1（由第 %2 題續考，共 %3 題）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Assigned: %1 (resume at the live table)</source>
        <translation>已指派：%1（在模擬賭檯繼續）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Assigned: %1 (from %2)</source>
        <translation>已指派：%1（%2 起）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Assigned: %1 (retake)</source>
        <translation>已指派：%1（重考）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Mock exam (pass mark %1%)</source>
        <translation>模擬考試（合格分數 %1%）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A mock exam of the skills ticked below, as many items as its size says; %1% right passes. Only an exam your instructor assigns counts.</source>
        <translation>以下方已勾選的技能進行模擬考試，題數按所設的題數；答對 %1% 即合格。只有導師指派的考試才計算成績。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Tick at least one skill.</source>
        <translation>請至少勾選一項技能。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Sign in first: exams, review and your mistakes are reached only after you sign in (Sign in… on the left).</source>
        <translation>請先登入：考試、複習和你的錯誤只在登入後才能查看（左邊的「登入…」）。</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>No skill is due for review: well done.</source>
        <translation>目前沒有需要複習的技能：做得好！</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You have no wrong answers to try again.</source>
        <translation>你沒有答錯的題目需要重做。</translation>
    </message>
    <message>
        <location line="-247"/>
        <source>The session could not start: %1</source>
        <translation>無法開始練習：%1</translation>
    </message>
</context>
<context>
    <name>DrillScreen</name>
    <message>
        <location filename="../../ui/drills/screen.py" line="+298"/>
        <source>not recorded</source>
        <translation>不作記錄</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time left</source>
        <translation>剩餘時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;End session</source>
        <translation>結束本節(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Felt</source>
        <translation>檯面</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show a &amp;hint</source>
        <translation>顯示提示(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keypad</source>
        <translation>數字鍵盤(&amp;K)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ch&amp;ips</source>
        <translation>籌碼(&amp;I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Retry saving</source>
        <translation>重新儲存(&amp;R)</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>On the table: %1</source>
        <translation>檯上：%1</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Item %1 of %2</source>
        <translation>第 %1 題（共 %2 題）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Item %1</source>
        <translation>第 %1 題</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of %2 right</source>
        <translation>%2 題中答對 %1 題</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Your answer could not be saved, so no feedback is shown yet: %1
It is kept here; retry saving when the database is back.</source>
        <translation>你的答案未能儲存，所以暫不顯示回饋：%1
答案已保留在此；資料庫恢復後請重新儲存。</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>An answer is not saved yet. Retry saving before you end the session.</source>
        <extracomment>Asks before an exam is left half-way (tests put their own answer here).</extracomment>
        <translation>有答案尚未儲存。結束練習前請重新儲存。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The session could not be closed in the database: %1</source>
        <translation>無法在資料庫中結束這次練習：%1</translation>
    </message>
</context>
<context>
    <name>ExamBuilder</name>
    <message>
        <location filename="../../ui/exams/panel.py" line="+98"/>
        <source>New exam</source>
        <translation>新考試</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>e.g. Roulette payouts, week 3</source>
        <translation>例如：輪盤派彩，第3週</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>none (rounds only)</source>
        <translation>無（只考賭檯局數）</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+7"/>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>The share of items to answer right within the skill&apos;s target time.</source>
        <translation>須於該技能目標時間內答對的題目比例。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> min</source>
        <translation> 分鐘</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The same seed gives the same items in the same order to every trainee.</source>
        <translation>相同的種子會讓每名學員以相同次序得到相同的題目。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Title:</source>
        <translation>標題：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ruleset:</source>
        <translation>規則集：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skills:</source>
        <translation>技能：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Difficulty:</source>
        <translation>難度：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items:</source>
        <translation>題數：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live-table rounds:</source>
        <translation>模擬賭檯局數：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pass mark:</source>
        <translation>合格分數：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed pass mark:</source>
        <translation>速度合格分數：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Time limit:</source>
        <translation>時限：</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Seed:</source>
        <translation>種子：</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Save the e&amp;xam</source>
        <translation>儲存考試(&amp;X)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The items every trainee will get:</source>
        <translation>每名學員會得到的題目：</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>No drill items.</source>
        <translation>沒有練習題。</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+27"/>
        <source>Tick at least one skill.</source>
        <translation>請至少勾選一項技能。</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>… and %1 more</source>
        <translation>…… 另有 %1 題</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Give the exam a title.</source>
        <translation>請為考試輸入標題。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>An exam named “%1” exists already: give this one a title of its own (a week, an intake group).</source>
        <translation>已有名為「%1」的考試：請為此考試另取標題（例如週次或班級）。</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Saved: %1</source>
        <translation>已儲存：%1</translation>
    </message>
</context>
<context>
    <name>ExamEnd</name>
    <message>
        <location filename="../../ui/exams/sitting.py" line="+345"/>
        <source>Exam results</source>
        <extracomment>The table&apos;s clock, monotonic milliseconds (the tests&apos; is moved by hand). Where the paper&apos;s ruleset is looked up (a house ruleset&apos;s version needs it). How long a watch waits before giving up (the transcript shows the grade later).</extracomment>
        <translation>考試結果</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Handed in: %1</source>
        <translation>已交卷：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Waiting for grading since %1: the centre&apos;s server grades this sitting. Its result, and your certification if you passed, appear in your transcript once it is graded.</source>
        <translation>自 %1 起等待評分：由中心的伺服器為這次應考評分。評分後，結果（如合格，連同你的資格認證）會列於你的成績單。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Passed: %1</source>
        <translation>合格：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You are certified for this game; your instructor sees it too.</source>
        <translation>你已獲此遊戲的資格認證；你的導師亦看得到。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not passed: %1</source>
        <translation>不合格：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every step and answer is recorded: review them from the Drills menu (Review my exams…), and ask your instructor about a retake.</source>
        <translation>每一步及每個答案都已記錄：可在「練習」選單（檢討我的考試…）中檢討，並向導師查詢重考。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This computer&apos;s preview:</source>
        <translation>本電腦的預覽：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The score is kept by the centre&apos;s server; your instructor sees it.</source>
        <translation>分數保存在中心的伺服器；你的導師看得到。</translation>
    </message>
</context>
<context>
    <name>ExamReview</name>
    <message>
        <location filename="../../ui/exams/review.py" line="+87"/>
        <source>This exam opens on %1.</source>
        <translation>此考試於 %1 開放。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This exam closed on %1.</source>
        <translation>此考試已於 %1 截止。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>You have passed this exam already.</source>
        <translation>你已通過此考試。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Your last sitting of this exam is waiting for grading by the centre&apos;s server (handed in at %1): a new sitting may start once it is graded.</source>
        <translation>你這個考試的上一次應考正等待中心的伺服器評分（於 %1 交卷）：評分後方可再次應考。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>You have sat this exam %1 times: the centre allows %2 sittings.</source>
        <translation>你已應考此考試 %1 次：中心只准應考 %2 次。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>You may sit this exam again from %1 (sitting %2 of %3): wait until then.</source>
        <translation>你可於 %1 起再次應考（第 %2 次，共 %3 次）：請等到那時。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>waiting for grading since %1</source>
        <translation>自 %1 起等待評分</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Exam review: %1</source>
        <extracomment>The sitting&apos;s live-table rounds, ended, in the order dealt (an exam with rounds). The assignment it is a sitting of (a trainee&apos;s row in the exam&apos;s results).</extracomment>
        <translation>考試檢討：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Sitting</source>
        <translation>應考</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&amp;Sitting:</source>
        <translation>應考(&amp;S)：</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&amp;Close</source>
        <translation>關閉(&amp;C)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No sitting of this exam has ended yet.</source>
        <translation>此考試尚未有已完成的應考。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Item</source>
        <translation>題目</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Missed by</source>
        <translation>答錯者</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Wrong</source>
        <translation>答錯</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share wrong</source>
        <translation>答錯比例</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>not answered by anyone</source>
        <translation>無人作答</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of 1 sitting</source>
        <translation>1 次應考中 %1 次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 sittings</source>
        <translation>%2 次應考中 %1 次</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 of %2</source>
        <translation>%2 中 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>What the group missed most</source>
        <translation>全組最常答錯</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1. %2: waiting for grading</source>
        <translation>%1. %2：等待評分</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1. not answered</source>
        <translation>%1. 未作答</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 of %2 items right; %3 answered. Choose an item to see it on the felt.</source>
        <translation>%2 題中答對 %1 題；已答 %3 題。選擇題目以在檯面上查看。</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Round %1: %2</source>
        <translation>第 %1 局：%2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Round %1 · ✓ every step right</source>
        <translation>第 %1 局 · ✓ 每一步都正確</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Round %1 · ✗ 1 mistake</source>
        <translation>第 %1 局 · ✗ 1 個錯誤</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Round %1 · ✗ %2 mistakes</source>
        <translation>第 %1 局 · ✗ %2 個錯誤</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Live table: %1 rounds, %2 of %3 steps right. Choose a round to replay it step by step with its mistakes.</source>
        <translation>模擬賭檯：%1 局，%3 步中 %2 步正確。選一局可逐步重播，並看其錯誤。</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Exam sat on %1</source>
        <translation>於 %1 應考</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+25"/>
        <location line="+33"/>
        <source>%1 · sat on %2 · %3</source>
        <translation>%1 · 於 %2 應考 · %3</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Mock exam</source>
        <translation>模擬考試</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Table exam: %1</source>
        <translation>模擬賭檯考試：%1</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1 · sitting %2 · %3</source>
        <translation>%1 · 第 %2 次應考 · %3</translation>
    </message>
</context>
<context>
    <name>ExamTable</name>
    <message>
        <location filename="../../ui/exams/table_words.py" line="+22"/>
        <source>spins</source>
        <extracomment>What one round of the live table is called, per game (as ``drills.table.pace``).</extracomment>
        <translation>局</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>throws</source>
        <translation>次擲骰</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>rounds</source>
        <translation>局</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Accuracy: the items answered right and the rounds&apos; steps dealt right, over all the items and every step judged (each step tried, each planned step not done): an item weighs as one step, a round as the steps it needs. Speed: the items answered right within their skill&apos;s target time, and the rounds dealt without a mistake within the house&apos;s pace for %1 at this level (%2 %3 an hour: %4 a round), over the items and the rounds. Every round must be dealt to pass.</source>
        <translation>準確度：答對的題目及做對的賭檯步驟，除以全部題目及每個被評核的步驟（每個嘗試的步驟、每個應做而未做的步驟）：一題等於一步，一局等於其所需的步驟。速度：在該技能目標時間內答對的題目，及在本場對%1此級別的節奏內（每小時 %2 %3：每局 %4）無錯誤完成的局數，除以題數及局數。必須完成每一局才可合格。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Items: %1 of %2 right, %3 right within the target time.</source>
        <translation>題目：%2 題中答對 %1 題，%3 題在目標時間內答對。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Live table (%1): %2 of %3 rounds dealt; %4 of %5 steps right; %6 rounds without a mistake within the pace.</source>
        <translation>模擬賭檯（%1）：%3 局中完成 %2 局；%5 步中 %4 步正確；%6 局在節奏內無錯誤。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Accuracy %1 (pass mark %2).</source>
        <translation>準確度 %1（合格分數 %2）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Speed %1 (speed mark %2).</source>
        <translation>速度 %1（速度合格分數 %2）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not every round was dealt to its end: the sitting cannot pass.</source>
        <translation>並非每一局都已完成：本次考試不能合格。</translation>
    </message>
</context>
<context>
    <name>ExamsPanel</name>
    <message>
        <location filename="../../ui/exams/panel.py" line="-305"/>
        <source>Beginner</source>
        <translation>初級</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Intermediate</source>
        <translation>中級</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Advanced</source>
        <translation>高級</translation>
    </message>
    <message>
        <location line="+348"/>
        <source>Tick a group&apos;s trainees…</source>
        <translation>勾選一個班級的學員…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Due by</source>
        <translation>限期</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Opens</source>
        <translation>開放</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Review on the &amp;felt…</source>
        <translation>在檯面上檢討(&amp;F)…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Withdraw…</source>
        <translation>撤回(&amp;W)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Take the exam back from the trainee chosen below, before they start it.</source>
        <translation>在下方所選學員開始應考之前，撤回此考試。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Assign to the ticked trainees</source>
        <translation>指派給已勾選的學員(&amp;A)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Trainee</source>
        <translation>學員</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Assigned</source>
        <translation>指派</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Taken</source>
        <translation>應考</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation>分數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Assign</source>
        <translation>指派</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Group:</source>
        <translation>班級：</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Exams</source>
        <translation>考試</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Results</source>
        <translation>成績</translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n 題</numerusform>
        </translation>
    </message>
    <message>
        <location line="+53"/>
        <source>No exam yet: build one on the left.</source>
        <translation>尚未有考試：請在左邊建立。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no time limit</source>
        <translation>不限時</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 min</source>
        <translation>%1 分鐘</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 items, %3, pass mark %4, %5. Skills: %6</source>
        <translation>%1：%2 題，%3，合格分數 %4，%5。技能：%6</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 items, %3, pass mark %4, speed pass mark %7 (right within the target time), %5. Skills: %6</source>
        <translation>%1：%2 題，%3，合格分數 %4，速度合格分數 %7（在目標時間內答對），%5。技能：%6</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>waiting for grading since %1</source>
        <translation>自 %1 起等待評分</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not taken yet</source>
        <translation>尚未應考</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>passed</source>
        <translation>合格</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>不合格</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Choose a trainee in the results first.</source>
        <translation>請先在成績中選擇一名學員。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Withdraw “%1” from %2?</source>
        <translation>撤回 %2 的「%1」？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%2 no longer has “%1” to sit, and it leaves the overdue list. The audit log keeps that it was given and withdrawn. An exam already started cannot be withdrawn.</source>
        <translation>%2 將不再需要應考「%1」，該考試亦會從逾期清單中移除。審計記錄會保留其曾被指派及撤回。已開始的考試不能撤回。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Withdraw</source>
        <translation>撤回</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>“%1” is withdrawn from %2.</source>
        <translation>已撤回 %2 的「%1」。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>This trainee has not sat the exam yet: nothing to review.</source>
        <translation>這名學員尚未應考：沒有可檢討的內容。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose an exam first.</source>
        <translation>請先選擇考試。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Choose an exam and tick at least one trainee.</source>
        <translation>請選擇考試，並至少勾選一名學員。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The exam must open before it is due: change a date.</source>
        <translation>考試須於截止前開放：請更改日期。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The due date has passed: choose today or a later day.</source>
        <translation>到期日已過：請選擇今天或之後的日子。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Every trainee ticked has this exam already: %1.</source>
        <translation>所選的學員都已獲指派此考試：%1。</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>Assigned to %n trainee(s).</source>
        <translation>
            <numerusform>已指派給 %n 名學員。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Already assigned to: %1.</source>
        <translation>早已指派給：%1。</translation>
    </message>
    <message>
        <location filename="../../ui/exams/table_part.py" line="+81"/>
        <source>Then %1 rounds of %2 at the live table, %3, in exam mode.</source>
        <translation>之後在模擬賭檯以考試模式進行 %1 局%2，%3。</translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+19"/>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Live-table rounds</source>
        <translation>模擬賭檯局數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>at</source>
        <translation>級別</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Live table: %1 rounds of %2, %3, pass mark %4, speed mark %5.</source>
        <translation>模擬賭檯：%1 局%2，%3，合格分數 %4，速度合格分數 %5。</translation>
    </message>
</context>
<context>
    <name>FeedbackPanel</name>
    <message>
        <location filename="../../ui/drills/feedback.py" line="+86"/>
        <source>Read the article (F1)</source>
        <translation>閱讀條文（F1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Next item ↵</source>
        <translation>下一題(&amp;N) ↵</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Time is up</source>
        <translation>時間到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Right</source>
        <translation>正確</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not right</source>
        <translation>不正確</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Your order: %1</source>
        <translation>你的次序：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Your answer: %1</source>
        <translation>你的答案：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Correct answer: %1</source>
        <translation>正確答案：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Worked solution</source>
        <translation>解題步驟</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Basis: %1  (F1)</source>
        <translation>依據：%1  (F1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Article: %1  (F1)</source>
        <translation>條文：%1（F1）</translation>
    </message>
</context>
<context>
    <name>FirstStartDialog</name>
    <message>
        <location filename="../../ui/instructor/login.py" line="+55"/>
        <source>Create the instructor account</source>
        <translation>建立導師帳戶</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This is the first start: nobody can open the instructor views yet. Choose the instructor&apos;s name, a login and a password of at least %1 characters. Everyone signs in with their own login and password; the results, exams and reports need this one.</source>
        <translation>這是首次啟動：目前還沒有人可以打開導師畫面。請選擇導師的姓名、登入名稱和最少 %1 個字元的密碼。每個人都以自己的登入名稱和密碼登入；成績、考試和報告需要這個密碼。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>made from the name if empty</source>
        <translation>留空則由姓名產生</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Instructor&apos;s &amp;name:</source>
        <translation>導師名稱(&amp;N)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Login:</source>
        <translation>登入名稱(&amp;L)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Password:</source>
        <translation>密碼(&amp;P)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Repeat the password:</source>
        <translation>再次輸入密碼(&amp;R)：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Create the account</source>
        <translation>建立帳戶(&amp;C)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The two passwords differ.</source>
        <translation>兩次輸入的密碼不相同。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The password must have at least %1 characters.</source>
        <translation>密碼必須至少有 %1 個字元。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Please check the name: %1</source>
        <translation>請檢查名稱：%1</translation>
    </message>
</context>
<context>
    <name>GlossaryWindow</name>
    <message>
        <location filename="../../ui/window/glossary.py" line="+191"/>
        <source>Customary Macau term. %1</source>
        <extracomment>The table&apos;s columns: the game, then the word in each language. Which language&apos;s cited article Enter opens first, by the window&apos;s language.</extracomment>
        <translation>澳門慣用詞語。%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The project&apos;s English reading of %1 (not an official text)</source>
        <translation>本系統對%1的英文解讀（並非官方文本）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: the Portuguese text writes this name in English</source>
        <translation>%1：葡文文本以英文寫出此名稱</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, Portuguese text</source>
        <translation>%1，葡文文本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, Chinese text</source>
        <translation>%1，中文文本</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(written «%1»)</source>
        <translation>（原文寫作「%1」）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 of %2 terms</source>
        <translation>顯示%1個詞語，共%2個</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No term has «%1» in English, Portuguese or Chinese.</source>
        <translation>沒有英文、葡文或中文詞語含有「%1」。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No %2 term has «%1» in English, Portuguese or Chinese.</source>
        <translation>%2沒有英文、葡文或中文詞語含有「%1」。</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Glossary</source>
        <translation>詞彙表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the &amp;article (Enter)</source>
        <translation>閱讀條文(&amp;A)（Enter）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Search:</source>
        <translation>搜尋(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A word in English, Portuguese or Chinese</source>
        <translation>英文、葡文或中文詞語</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Game:</source>
        <translation>遊戲(&amp;G)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All games</source>
        <translation>所有遊戲</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Game</source>
        <translation>遊戲</translation>
    </message>
</context>
<context>
    <name>GradingNotice</name>
    <message numerus="yes">
        <location filename="../../ui/instructor/grading.py" line="+76"/>
        <source>%1 answer(s) flagged by the grader…</source>
        <translation>
            <numerusform>評分程式標示了 %1 個答案…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Answers flagged by the grader</source>
        <translation>評分程式標示的答案</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The centre&apos;s grader graded these answers otherwise than the trainee&apos;s computer, or could not grade them as sent. Its grade is the record.</source>
        <translation>中心評分程式對這些答案的評分與學員電腦不同，或無法按送來的內容評分。以評分程式的評分為準。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>exam</source>
        <translation>考試</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>practice</source>
        <translation>練習</translation>
    </message>
</context>
<context>
    <name>GroupDialog</name>
    <message>
        <location filename="../../ui/instructor/groups.py" line="+109"/>
        <source>Edit %1</source>
        <translation>編輯 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> (disabled)</source>
        <translation>（已停用）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Name:</source>
        <translation>名稱(&amp;N)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Starts on:</source>
        <translation>開課日期(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instructors:</source>
        <translation>導師：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>儲存(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>GroupsPanel</name>
    <message>
        <location line="+73"/>
        <source>New group&apos;s name (e.g. Intake November 2026)</source>
        <translation>新班級名稱（例如 2026年11月班）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start date</source>
        <translation>開課日期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The day the group starts its training</source>
        <translation>班級開始培訓的日期</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Group</source>
        <translation>班級</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Starts</source>
        <translation>開課</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instructors</source>
        <translation>導師</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trainees</source>
        <translation>學員</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>E&amp;dit…</source>
        <translation>編輯(&amp;D)…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The cohort view, exams and reports can be narrowed to a group. An archived group leaves those pickers; its history stays.</source>
        <translation>全體學員畫面、考試及報告均可只看一個班級。已封存的班級不再列於選單中，其紀錄保留。</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Starts on:</source>
        <translation>開課日期：</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>archived</source>
        <translation>已封存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>current</source>
        <translation>進行中</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Ne&amp;w group</source>
        <translation>新增班級(&amp;W)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Tr&amp;ainees…</source>
        <translation>學員(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+46"/>
        <source>Arch&amp;ive</source>
        <translation>封存(&amp;I)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Restore</source>
        <translation>恢復</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A group named “%1” already exists.</source>
        <translation>已有名為「%1」的班級。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“%1” is the name of the group “%2”: names that differ only in capitals, letter width, spaces or invisible characters are one name.</source>
        <translation>「%1」即班級「%2」的名稱：只在大小寫、全形半形、空格或不可見字元上不同的名稱視為同一名稱。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A group&apos;s name must have 1 to 100 visible characters.</source>
        <translation>班級名稱須有 1 至 100 個可見字元。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The group %1 starts on %2: tick its trainees with the Trainees… button.</source>
        <translation>班級 %1 於 %2 開課：請按「學員…」勾選其學員。</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The name and start of %1 are saved, its instructors not: %2</source>
        <translation>%1 的名稱及開課日期已保存，導師則未保存：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The group %1 is saved.</source>
        <translation>班級 %1 已儲存。</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>%1 has %n trainee(s).</source>
        <translation>
            <numerusform>%1 有 %n 名學員。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Archive %1?</source>
        <translation>封存 %1？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Archive the group %1? It leaves the cohort, exam and report pickers; its trainees, their answers and the group&apos;s history stay.</source>
        <translation>封存班級 %1？它將不再列於全體學員、考試及報告的選單中；其學員、學員的作答及班級紀錄均保留。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Archive %1</source>
        <translation>封存 %1(&amp;A)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is archived.</source>
        <translation>%1 已封存。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 is current again.</source>
        <translation>%1 已恢復進行中。</translation>
    </message>
</context>
<context>
    <name>HouseRulesetsPanel</name>
    <message>
        <location filename="../../ui/instructor/house_rulesets.py" line="+106"/>
        <source>&amp;Add a house ruleset file…</source>
        <extracomment>The app&apos;s rulesets: a file kept here is given to them at once (the picker). How to say the message in the language of the moment (said again on a switch).</extracomment>
        <translation>加入賭場規則集檔案(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The &amp;keys of a house file…</source>
        <translation>賭場檔案的鍵(&amp;K)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Title</source>
        <translation>名稱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Game</source>
        <translation>遊戲</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Follows</source>
        <translation>依據</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Added</source>
        <translation>加入</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A house ruleset is a file (TOML) with the house&apos;s own settings over a regulation&apos;s ruleset: the options the regulation leaves to the house and its chips. It is checked before it is kept, and every workstation&apos;s ruleset picker offers it. A changed file is kept as a new version: answers keep the version they were graded under. The keys of a house file… lists every setting a file may give, its default and the article it rests on (in English, as the file&apos;s keys are).</source>
        <translation>賭場規則集是一個檔案（TOML），載有賭場在法定規章之上的自訂設定：規章交由賭場決定的選項及其籌碼。檔案先經檢查才會保存，之後每部工作站的規則集選單都會提供。修改過的檔案會保存為新版本：已記錄的答案保留評分時所用的版本。「賭場檔案的鍵…」列出檔案可設定的每一項、其預設值及所依據的條文（以英文列出，與檔案的鍵相同）。</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1 by %2</source>
        <translation>%1，由 %2 加入</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The keys of a house ruleset file</source>
        <translation>賭場規則集檔案的鍵</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Add a house ruleset file</source>
        <translation>加入賭場規則集檔案</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>House ruleset (*.toml);;Any file (*)</source>
        <translation>賭場規則集 (*.toml);;所有檔案 (*)</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The file was refused: %1</source>
        <translation>檔案不獲接納：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The file was not kept: %1</source>
        <translation>檔案未有保存：%1</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>“%1” is kept as version %2; the ruleset picker offers it.</source>
        <translation>「%1」已保存為第 %2 版；規則集選單現已提供。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” is unchanged: version %2 has this very text.</source>
        <translation>「%1」沒有改變：第 %2 版正是這段內容。</translation>
    </message>
</context>
<context>
    <name>InstructorWindow</name>
    <message>
        <location filename="../../ui/instructor/window.py" line="+454"/>
        <source>Instructor · %1</source>
        <extracomment>The skills whose within-target rollup was counted again (``recount_within``). The people lists were read again after a change (here or on another workstation). How often the window asks whether people changed elsewhere (a cheap read, off the GUI thread): a trainee added on another workstation shows within seconds. The app&apos;s rulesets (the house&apos;s too): the views look the records&apos; rulesets up here. The one trainee&apos;s tab, built when first opened (or asked for: ``trainee``). The lab&apos;s switch: the server is reached unverified (said all the time, as the main window says it).</extracomment>
        <translation>導師 · %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Cohort</source>
        <translation>全體學員(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>T&amp;rainee</source>
        <translation>學員(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Table results</source>
        <translation>賭檯成績(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Exams</source>
        <translation>考試(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trainee &amp;profiles</source>
        <translation>學員檔案(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Groups</source>
        <translation>班級(&amp;G)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instr&amp;uctors</source>
        <translation>導師(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rep&amp;orts</source>
        <translation>報告(&amp;O)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Practice p&amp;lans</source>
        <translation>練習計劃(&amp;L)</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>&amp;House rulesets</source>
        <translation>賭場規則集(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Verify records</source>
        <translation>核對記錄(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ce&amp;ntre</source>
        <translation>中心(&amp;N)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Lock the instructor views</source>
        <translation>鎖定導師畫面(&amp;L)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Instructor</source>
        <translation>導師</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Mastery</source>
        <translation>掌握程度(&amp;M)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Standards</source>
        <translation>標準(&amp;S)</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>The instructor views locked themselves after a pause: enter the password again.</source>
        <translation>導師畫面閒置後已自動鎖定：請再次輸入密碼。</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Instructor views</source>
        <translation>導師畫面</translation>
    </message>
</context>
<context>
    <name>InstructorsPanel</name>
    <message>
        <location filename="../../ui/instructor/instructors.py" line="+28"/>
        <source>New instructor&apos;s full name</source>
        <translation>新導師的全名</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Login (made from the name if empty)</source>
        <translation>登入名稱（留空則由姓名產生）</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+11"/>
        <source>Login</source>
        <translation>登入名稱</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Password (at least %1 characters)</source>
        <translation>密碼（最少 %1 個字元）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The password again</source>
        <translation>再輸入一次密碼</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Add instructor</source>
        <translation>新增導師(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>姓名</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Added</source>
        <translation>加入日期</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+64"/>
        <source>&amp;Disable…</source>
        <translation>停用(&amp;D)…</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Set the pass&amp;word…</source>
        <translation>設定密碼(&amp;W)…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>A disabled instructor can no longer sign in; the exams they built and assigned and everything they recorded stay. Nobody can disable their own account, so one active instructor always remains. An instructor who forgot their password gets a new one from another instructor (Set the password…).</source>
        <translation>已停用的導師不能再登入；其建立及指派的考試與所有紀錄均保留。任何人都不能停用自己的帳戶，因此總有一位導師仍在使用中。忘記密碼的導師可由另一位導師設定新密碼（設定密碼…）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A disabled instructor can no longer sign in; the exams they built and assigned and everything they recorded stay. Nobody can disable their own account, so one active instructor always remains. On the centre&apos;s server IT sets an instructor&apos;s password (dealer-trainer server set-password).</source>
        <translation>已停用的導師不能再登入；其建立及指派的考試與所有紀錄均保留。任何人都不能停用自己的帳戶，因此總有一位導師仍在使用中。在中心伺服器上，導師的密碼由資訊部門設定（dealer-trainer server set-password）。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>disabled</source>
        <translation>已停用</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>active</source>
        <translation>使用中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>you</source>
        <translation>你</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Your own password is changed with the current one: Trainee profiles › Your password.</source>
        <translation>自己的密碼須輸入目前密碼更改：學員檔案 › 你的密碼。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Ena&amp;ble</source>
        <translation>重新啟用(&amp;B)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>“%1” is the name of the instructor “%2”: names that differ only in capitals, letter width, spaces or invisible characters are one name.</source>
        <translation>「%1」即導師「%2」的姓名：只在大小寫、全形半形、空格或不可見字元上不同的名稱視為同一名稱。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The login “%1” is taken: choose another one.</source>
        <translation>登入名稱「%1」已被使用：請另選一個。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A name must have 1 to 100 visible characters.</source>
        <translation>名稱須有 1 至 100 個可見字元。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The two passwords differ.</source>
        <translation>兩次輸入的密碼不相同。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 can now sign in with the login %2 and the password you gave, once: at that sign-in they choose their own.</source>
        <translation>%1 現在可以用登入名稱 %2 和你設定的密碼登入一次：登入時須自行設定自己的密碼。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1&apos;s new password is set: they sign in with it once enabled again.</source>
        <translation>%1 的新密碼已設定：重新啟用後即可以此密碼登入。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 signs in with the new password from now on.</source>
        <translation>%1 從現在起以新密碼登入。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Disable %1?</source>
        <translation>停用 %1？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Disable %1? They can no longer sign in. The exams they built and assigned stay, and Enable lets them sign in again.</source>
        <translation>停用 %1？其將不能再登入。其建立及指派的考試保留，按「重新啟用」即可再次登入。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Disable %1</source>
        <translation>停用 %1(&amp;D)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is disabled and can no longer sign in.</source>
        <translation>%1 已停用，不能再登入。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 can sign in again.</source>
        <translation>%1 可以再次登入。</translation>
    </message>
</context>
<context>
    <name>LeaveExamDialog</name>
    <message>
        <location filename="../../ui/drills/leave_exam.py" line="+32"/>
        <source>Leave the exam?</source>
        <translation>離開考試？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You have answered %1 of the exam&apos;s %2 items.</source>
        <translation>你已回答本考試 %2 題中的 %1 題。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The exam is not finished. Leave it now?</source>
        <translation>考試尚未完成。現在離開？</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Leave it now and take it up later: your answers are kept and it goes on at the next item, with the same items. Hand it in now and the items not answered count as not right.</source>
        <translation>現在離開，稍後可以續考：你的答案會保留，考試由下一題繼續，題目不變。現在交卷，未答的題目當作答錯。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The mock exam is not finished. End it now?</source>
        <translation>模擬考試尚未完成。現在結束？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The items not answered count as not right.</source>
        <translation>未答的題目當作答錯。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Keep going</source>
        <translation>繼續作答(&amp;K)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Leave, resume later</source>
        <translation>離開，稍後續考(&amp;L)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Hand in now</source>
        <translation>現在交卷(&amp;H)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;End the mock exam</source>
        <translation>結束模擬考試(&amp;E)</translation>
    </message>
</context>
<context>
    <name>LoginDialog</name>
    <message>
        <location filename="../../ui/instructor/login.py" line="+25"/>
        <source>Instructor views</source>
        <translation>導師畫面</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The results, exams and reports are for the instructor.</source>
        <translation>成績、考試及報告只供導師使用。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>your login; only needed when there are several instructors</source>
        <translation>你的登入名稱；只在有多名導師時需要</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Instructor:</source>
        <translation>導師(&amp;I)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Password:</source>
        <translation>密碼(&amp;P)：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Unlock</source>
        <translation>解鎖(&amp;U)</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Wrong password. Failed attempts in a row: %1.</source>
        <translation>密碼錯誤。連續失敗次數：%1。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Too many wrong passwords.</source>
        <translation>密碼錯誤次數過多。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Next attempt possible in %1 s.</source>
        <translation>%1 秒後可再嘗試。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next attempt possible in %1 min.</source>
        <translation>%1 分鐘後可再嘗試。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../ui/window/main_window.py" line="+470"/>
        <source>Macau Dealer Trainer</source>
        <translation>澳門荷官培訓系統</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Felt</source>
        <translation>檯面</translation>
    </message>
    <message>
        <location line="-178"/>
        <source>On the felt: %1</source>
        <extracomment>The game on show when the window last closed (QSettings): the window opens on it. A screen less high than this (a window&apos;s room, in pixels) is a laptop&apos;s: small thumbnails. Where the window&apos;s size is remembered (see ``ui.kit.geometry``). The felt has been painted for the first time (the start-up work begins). The start-up work after the first paint is done: the records opened (or could not be), their daily backup made or checked, every thumbnail drawn. The chips every felt offers; ``None``: each ruleset&apos;s own set (its drills&apos; chips). What start-up still waits for (``startupFinished`` once empty). The felt sandbox (&quot;What if…&quot;, F8): made when first opened, beside the felt. The lab&apos;s switch is on: the server is reached unverified (said all the time). Shown after a sign-in with a one-time password (``sign_in.ChoosePasswordDialog``).</extracomment>
        <translation>檯面上合共：%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>pays %1 (%2)</source>
        <translation>賠率 %1（%2）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>bet %1</source>
        <translation>注碼 %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+201"/>
        <source>Opening the records…</source>
        <translation>正在開啟記錄…</translation>
    </message>
    <message>
        <location line="-57"/>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export the layout…</source>
        <translation>匯出檯面圖(&amp;E)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Go to the &amp;felt</source>
        <translation>前往檯面(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the &amp;game</source>
        <translation>選擇遊戲(&amp;G)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;What if… (settle the felt)</source>
        <translation>假如…（結算檯面）(&amp;W)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gl&amp;ossary…</source>
        <translation>詞彙表(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>語言(&amp;L)</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Practice is not recorded: the records open when someone signs in with their own login.</source>
        <translation>練習不會被記錄：有人以自己的登入名稱登入後才會開啟記錄。</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+70"/>
        <location line="+21"/>
        <source>Records are not available: %1</source>
        <translation>記錄暫時無法使用：%1</translation>
    </message>
    <message>
        <location line="-45"/>
        <source>Tell the instructor</source>
        <translation>請通知導師</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The records need the instructor&apos;s attention:</source>
        <translation>記錄需要導師處理：</translation>
    </message>
    <message>
        <location line="+134"/>
        <location line="+13"/>
        <source>Export the layout</source>
        <translation>匯出檯面圖</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Picture (*.png);;Printable page (*.pdf)</source>
        <translation>圖片 (*.png);;可列印頁面 (*.pdf)</translation>
    </message>
</context>
<context>
    <name>MasteryPanel</name>
    <message>
        <location filename="../../ui/instructor/schedules.py" line="+181"/>
        <source>Period:</source>
        <translation>期間：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Trainees against the standards</source>
        <translation>學員與標準比較</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Overdue</source>
        <translation>逾期</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Skills: how many trainees master each</source>
        <translation>技能：各技能有多少學員已掌握</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+19"/>
        <source>Trainee</source>
        <translation>學員</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Answers</source>
        <translation>答題數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right</source>
        <translation>正確</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right and in time</source>
        <translation>正確且及時</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>What</source>
        <translation>項目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Due</source>
        <translation>到期</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Loading…</source>
        <translation>載入中…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Right and within the target time: %1 of the answers (right: %2)</source>
        <translation>正確且在目標時間內：%1 的答題（正確：%2）</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Plan: %1</source>
        <translation>計劃：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 items</source>
        <translation>%2 題中已做 %1 題</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Exam: %1</source>
        <translation>考試：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not sat</source>
        <translation>未應考</translation>
    </message>
</context>
<context>
    <name>MembersDialog</name>
    <message>
        <location filename="../../ui/instructor/groups.py" line="-237"/>
        <source>Trainees of %1</source>
        <translation>%1 的學員</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Tick the trainees of %1. A trainee is in one group at a time: one ticked from another group moves here, and their earlier groups stay in the records.</source>
        <translation>勾選 %1 的學員。每名學員同一時間只屬一個班級：從其他班級勾選的學員會轉到這裡，其以往的班級紀錄保留。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>(now in %1)</source>
        <translation>（現屬 %1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Find a trainee…</source>
        <translation>搜尋學員…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save</source>
        <translation>儲存(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>MyTranscript</name>
    <message>
        <location filename="../../ui/trainee/my_transcript.py" line="+48"/>
        <source>Save my &amp;transcript (PDF)…</source>
        <translation>儲存我的成績單 (PDF)(&amp;T)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Your exam sittings and certifications as a PDF with the centre&apos;s name, as your instructor prints them.</source>
        <translation>您的考試應考紀錄及認證，以附有中心名稱的 PDF 儲存，與導師列印的相同。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Sign in first: your transcript is yours to save.</source>
        <translation>請先登入：您只可儲存自己的成績單。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>transcript</source>
        <translation>成績單</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save my transcript</source>
        <translation>儲存我的成績單</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Your transcript cannot be read: %1</source>
        <translation>無法讀取您的成績單：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 cannot be written: %2</source>
        <translation>無法寫入 %1：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Your transcript: 1 page written to %1</source>
        <translation>您的成績單：已寫入 1 頁至 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Your transcript: %2 pages written to %1</source>
        <translation>您的成績單：已寫入 %2 頁至 %1</translation>
    </message>
</context>
<context>
    <name>OrderPicker</name>
    <message>
        <location filename="../../ui/drills/answers.py" line="-104"/>
        <source>Bets on the table</source>
        <translation>檯上的投注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your order</source>
        <translation>你的次序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo</source>
        <translation>復原(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C&amp;lear</source>
        <translation>清除(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Done</source>
        <translation>完成(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click the bets (here or on the felt) in order:</source>
        <translation>按次序點選各注（在此或在檯面上）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your order:</source>
        <translation>你的次序：</translation>
    </message>
</context>
<context>
    <name>PasswordBox</name>
    <message>
        <location filename="../../ui/instructor/people.py" line="+344"/>
        <source>Your password</source>
        <translation>你的密碼</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Change the password</source>
        <translation>更改密碼</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Current password:</source>
        <translation>現時密碼：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New password:</source>
        <translation>新密碼：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repeat the new password:</source>
        <translation>再次輸入新密碼：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The two new passwords differ.</source>
        <translation>兩次輸入的新密碼不一致。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The password must have at least %1 characters.</source>
        <translation>密碼最少要有%1個字元。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The password is changed.</source>
        <translation>密碼已更改。</translation>
    </message>
</context>
<context>
    <name>Plans</name>
    <message>
        <location filename="../../ui/kit/standards_words.py" line="+52"/>
        <source>%1 (given to a group)</source>
        <translation>%1（指派給班級）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (group %2)</source>
        <translation>%1（班級 %2）</translation>
    </message>
</context>
<context>
    <name>PlansPanel</name>
    <message>
        <location filename="../../ui/instructor/schedules.py" line="+54"/>
        <source>No group: the trainees ticked</source>
        <translation>不指定班級：只限已勾選的學員</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A plan goes to the group&apos;s trainees of today: one who joins later does not get it.</source>
        <translation>計劃只指派給班級今天的學員：之後才加入的學員不會收到。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Assign the plan</source>
        <translation>指派計劃(&amp;A)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>New practice plan</source>
        <translation>新練習計劃</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>S&amp;kills:</source>
        <translation>技能(&amp;K)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Items:</source>
        <translation>題數(&amp;I)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Due by:</source>
        <translation>到期日(&amp;D)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Whole group:</source>
        <translation>整個班級(&amp;W)：</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Title:</source>
        <translation>標題：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Game:</source>
        <translation>遊戲：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Trainees:</source>
        <translation>學員：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Plan</source>
        <translation>計劃</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trainee</source>
        <translation>學員</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Due</source>
        <translation>到期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>狀態</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Withdraw…</source>
        <translation>撤回…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Take the plan chosen below back from its trainee, while it is not done.</source>
        <translation>在計劃完成之前，向學員撤回下方所選的計劃。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Plans given</source>
        <translation>已指派的計劃</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>A plan goes to the group&apos;s trainees of today: one who joins the group later does not get it (tick them here and give it again).</source>
        <translation>計劃只會指派給班級今天的學員：之後才加入班級的學員不會收到（請在此勾選後再指派一次）。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Give the plan a title.</source>
        <translation>請為計劃輸入標題。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tick at least one skill for the plan.</source>
        <translation>請為計劃勾選至少一項技能。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tick at least one trainee to give the plan to.</source>
        <translation>請勾選至少一名學員以指派計劃。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The due date has passed: choose today or a later day.</source>
        <translation>到期日已過：請選擇今天或之後的日子。</translation>
    </message>
    <message numerus="yes">
        <location line="+21"/>
        <source>“%1” given to %n trainee(s).</source>
        <translation>
            <numerusform>「%1」已指派給 %n 名學員。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>“%1” given to %n trainee(s) of %2.</source>
        <translation>
            <numerusform>「%1」已指派給 %2 的 %n 名學員。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Choose a plan in the list first.</source>
        <translation>請先在清單中選擇一個計劃。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Withdraw “%1” from %2?</source>
        <translation>撤回 %2 的「%1」？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%2 no longer has “%1” to do, and it leaves the overdue list. The answers already given stay in %2&apos;s records, and the audit log keeps that the plan was given and withdrawn. A plan done cannot be withdrawn.</source>
        <translation>%2 不再需要完成「%1」，此計劃亦會離開逾期清單。已作的作答仍保留在 %2 的紀錄中，審計記錄會保留此計劃曾被指派及撤回。已完成的計劃不能撤回。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Withdraw</source>
        <translation>撤回</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>“%1” is withdrawn from %2.</source>
        <translation>已撤回 %2 的「%1」。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>overdue</source>
        <translation>逾期</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>under way</source>
        <translation>進行中</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 of %2 items</source>
        <translation>%2 題中已做 %1 題</translation>
    </message>
</context>
<context>
    <name>Progress</name>
    <message>
        <location filename="../../ui/trainee/progress_entry.py" line="+45"/>
        <source>M&amp;y progress…</source>
        <translation>我的進度(&amp;Y)…</translation>
    </message>
</context>
<context>
    <name>ProgressWindow</name>
    <message>
        <location filename="../../ui/trainee/progress.py" line="+108"/>
        <source>Plan: %1</source>
        <extracomment>Weak skills shown as buttons (the table has them all). The order of the skills table: what needs work first.</extracomment>
        <translation>計劃：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 of %2 items</source>
        <translation>%2 題中已做 %1 題</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Exam: %1</source>
        <translation>考試：%1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1 items, under way: Start goes on where it stopped</source>
        <translation>%1 題，進行中：按「開始」從中斷處繼續</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 items, opens on %2</source>
        <translation>%1 題，%2 開放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 items, not sat yet</source>
        <translation>%1 題，尚未應考</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sat (sitting %1 of %2): waiting for grading since %3</source>
        <translation>已應考（第 %1 次，共 %2 次）：自 %3 起等待評分</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not passed (sitting %1 of %2): again from %3</source>
        <translation>未合格（第 %1 次應考，共 %2 次）：%3 起可再考</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not passed (sitting %1 of %2): you may sit it again</source>
        <translation>未合格（第 %1 次應考，共 %2 次）：現可再考</translation>
    </message>
    <message>
        <location line="+112"/>
        <location line="+85"/>
        <source>My progress</source>
        <translation>我的進度</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>Due</source>
        <translation>待完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Start</source>
        <translation>開始(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weak skills (click to practise):</source>
        <translation>薄弱技能（按一下即可練習）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>My skills</source>
        <translation>我的技能</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Practise this skill</source>
        <translation>練習此技能(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Close</source>
        <translation>關閉(&amp;C)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>What</source>
        <translation>項目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Due by</source>
        <translation>到期日</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress</source>
        <translation>進度</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>State</source>
        <translation>狀態</translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+14"/>
        <source>Game</source>
        <translation>遊戲</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Right and in time</source>
        <translation>正確且及時</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Target time</source>
        <translation>目標時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trend</source>
        <translation>趨勢</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Live table</source>
        <translation>模擬賭檯</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No round dealt at the live table yet (Table, in the drills panel).</source>
        <translation>尚未在模擬賭檯發過任何一局（操練面板中的「賭檯」）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Level</source>
        <translation>程度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rounds dealt</source>
        <translation>局數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps right</source>
        <translation>正確步驟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pace (an hour)</source>
        <translation>節奏（每小時）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>House&apos;s target</source>
        <translation>賭場目標</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Your records cannot be read: %1</source>
        <translation>無法讀取你的紀錄：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>My progress · %1</source>
        <translation>我的進度 · %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Sign in first: your progress is shown once you have signed in (Sign in… on the left).</source>
        <translation>請先登入：登入後才會顯示你的進度（左側的「登入…」）。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>overdue</source>
        <translation>逾期</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>to do</source>
        <translation>待做</translation>
    </message>
    <message>
        <location line="+127"/>
        <source>Choose a skill in the table first.</source>
        <translation>請先在表中選擇一項技能。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a plan or an exam in the list first.</source>
        <translation>請先在清單中選擇一個計劃或考試。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>This exam can no longer be sat.</source>
        <translation>此考試已不能應考。</translation>
    </message>
</context>
<context>
    <name>RecordsCheck</name>
    <message>
        <location filename="../../ui/instructor/records_check.py" line="+43"/>
        <source>signed in</source>
        <translation>登入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed to sign in</source>
        <translation>登入失敗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tried to sign in during the wait after wrong passwords</source>
        <translation>在密碼錯誤後的等待期間嘗試登入</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>added a person</source>
        <translation>新增一名人員</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>archived a trainee</source>
        <translation>封存一名學員</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>restored a trainee</source>
        <translation>恢復一名學員</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>renamed a trainee</source>
        <translation>更改一名學員的姓名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set a password</source>
        <translation>設定密碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>built an exam</source>
        <translation>建立考試</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>assigned an exam</source>
        <translation>指派考試</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>withdrew an exam not yet sat</source>
        <translation>撤回了一個尚未應考的考試</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>started an exam</source>
        <translation>開始考試</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>verified the records</source>
        <translation>核對記錄</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set a staff number</source>
        <translation>設定員工編號</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>disabled an instructor</source>
        <translation>停用一名導師</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>enabled an instructor</source>
        <translation>重新啟用一名導師</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>created a group</source>
        <translation>建立班級</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>renamed or re-dated a group</source>
        <translation>更改班級名稱或日期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>archived a group</source>
        <translation>封存班級</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>restored a group</source>
        <translation>恢復班級</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set a group&apos;s instructors</source>
        <translation>設定班級的導師</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>moved a trainee between groups</source>
        <translation>將學員轉班</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>changed the centre&apos;s settings</source>
        <translation>更改了中心設定</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>set a speed standard</source>
        <translation>設定了速度標準</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set the mastery rule</source>
        <translation>設定了掌握規則</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>assigned a practice plan</source>
        <translation>指派了練習計劃</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>withdrew a practice plan</source>
        <translation>撤回了練習計劃</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>did something this version does not know</source>
        <translation>做了此版本不認識的操作</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The dashboard&apos;s typical time for %1 on %2 does not match the recorded answers.</source>
        <translation>儀表板上 %1 於 %2 的一般用時與已記錄的答案不符。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The cohort table&apos;s figures of %3 for %1 on %2 (the typical time, or the answers within the target) do not match the recorded answers.</source>
        <translation>全體學員表中 %3 於 %2 的 %1 數字（一般用時，或目標時間內的答題）與已記錄的答案不符。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The dashboard&apos;s figures for %1 on %2 do not match the recorded answers: they show %3 answers, %4 right; the answers hold %5, %6 right.</source>
        <translation>儀表板上 %1 於 %2 的數字與已記錄的答案不符：顯示 %3 題、答對 %4 題；已記錄的答案為 %5 題、答對 %6 題。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The cohort table&apos;s figures of %7 for %1 on %2 do not match the recorded answers: they show %3 answers, %4 right; the answers hold %5, %6 right.</source>
        <translation>全體學員表中 %7 於 %2 的 %1 數字與已記錄的答案不符：顯示 %3 題、答對 %4 題；已記錄的答案為 %5 題、答對 %6 題。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>a trainee no longer registered</source>
        <translation>一名已不在冊的學員</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>An answer of %1 given on %2 was changed after it was recorded.</source>
        <translation>%1 於 %2 作出的一個答案在記錄後被更改。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An answer of %1 dated %2 was put into the records outside the app.</source>
        <translation>一個日期為 %2、屬於 %1 的答案是在程式以外加入記錄的。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Answers were removed from the records (how many: %3), just before the answer of %1 given on %2.</source>
        <translation>記錄中有答案被刪除（數目：%3），就在 %1 於 %2 作出的答案之前。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>An entry of the audit trail dated %2 was changed.</source>
        <translation>審計記錄中一項日期為 %2 的項目被更改。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An entry of the audit trail dated %2 was put in outside the app.</source>
        <translation>審計記錄中一項日期為 %2 的項目是在程式以外加入的。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Entries were removed from the audit trail (how many: %3), just before the one dated %2.</source>
        <translation>審計記錄中有項目被刪除（數目：%3），就在日期為 %2 的項目之前。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A protection of the records was removed from the database file: someone worked on the file outside the app.</source>
        <translation>資料庫檔案中一項記錄保護已被移除：有人在程式以外處理過該檔案。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The dashboard&apos;s figures were counted again from the %1 recorded answers: they match.</source>
        <translation>已根據 %1 個已記錄的答案重新計算儀表板的數字：兩者相符。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>These records are on the training centre&apos;s server, which refuses any change to a recorded answer: there is nothing to verify on this computer.</source>
        <translation>這些記錄存放在培訓中心的伺服器上，伺服器拒絕任何對已記錄答案的更改：本電腦上無需核對。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>But the dashboard&apos;s figures on the server do not match the recorded answers (only the database&apos;s owner can change them): tell IT, and do not rely on those figures until they are checked:</source>
        <translation>但伺服器上儀表板的數字與已記錄的答案不符（只有資料庫擁有者才能更改）：請通知資訊部門，核實之前切勿依賴這些數字：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Nothing was found: the %1 answers and %2 audit entries are as the app recorded them.</source>
        <translation>未發現任何問題：%1 個答案和 %2 項審計記錄均與程式記錄時相同。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The records were worked on outside the app. Keep the file as it is and tell IT; do not rely on these results until they are checked:</source>
        <translation>記錄曾在程式以外被處理。請保留檔案原狀並通知資訊科技人員；在核實之前不要依賴這些成績：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>What this check cannot see: whoever controls this computer&apos;s account controls the file. They can read the app&apos;s program and rewrite the records together with their seals, put back an older copy of the whole file, or remove the latest answers from the end. Exams that count belong on the training centre&apos;s server.</source>
        <translation>此核對無法發現的情況：控制這部電腦帳戶的人就控制該檔案。他可以閱讀程式，連同封印一併改寫記錄；放回整個檔案的舊副本；或刪除最後的答案。正式計分的考試應在培訓中心的伺服器上進行。</translation>
    </message>
</context>
<context>
    <name>RecordsCheckPanel</name>
    <message>
        <location line="+16"/>
        <source>Ver&amp;ify records</source>
        <translation>核對記錄(&amp;I)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Verify records looks for answers changed, added or removed outside the app.</source>
        <translation>「核對記錄」會找出在程式以外被更改、加入或刪除的答案。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>When</source>
        <translation>時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Who</source>
        <translation>人員</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whom or which</source>
        <translation>對象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Details</source>
        <translation>詳情</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Re&amp;fresh the audit trail</source>
        <translation>重新整理審計記錄(&amp;F)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Audit trail (newest first)</source>
        <translation>審計記錄（最新的在前）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>an exam since removed</source>
        <translation>一個其後已移除的考試</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the centre&apos;s settings, version %1</source>
        <translation>中心設定第 %1 版</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>out of every group</source>
        <translation>不屬任何班級</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>back to the drills&apos; target</source>
        <translation>回到練習目標</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>mastered from %1 of the last %2 answers, close from %3</source>
        <translation>最近 %2 次作答中 %1 起為已掌握，%3 起為接近</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>(an unknown login)</source>
        <translation>（不明的登入名稱）</translation>
    </message>
</context>
<context>
    <name>RenameDialog</name>
    <message>
        <location filename="../../ui/kit/confirm.py" line="+82"/>
        <source>&amp;Rename</source>
        <extracomment>Where the person corrects a refusal: focused, its text selected (the subclass&apos;s).</extracomment>
        <translation>更改名稱(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>ReportsPanel</name>
    <message>
        <location filename="../../ui/instructor/window.py" line="-470"/>
        <source>Save the PD&amp;F report…</source>
        <translation>儲存 PDF 報告(&amp;F)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the &amp;answers as CSV…</source>
        <translation>把答案儲存為 CSV(&amp;A)…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reports</source>
        <translation>報告</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For:</source>
        <translation>對象：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Period:</source>
        <translation>期間：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The PDF has the figures, the accuracy and time charts, the skills weakest first and the exams (trainee) or every trainee (cohort). The CSV has one row per answer, with the situation, the expected and the given answer as recorded; amounts stay exact decimal strings.</source>
        <translation>PDF 包括各項數據、準確率及用時圖表、由最弱起排列的技能，以及考試（個別學員）或每名學員（全體學員）。CSV 每個答案一行，按記錄列出情境、正確答案及所答；金額保持為精確的十進位字串。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The cohort (every trainee)</source>
        <translation>全體學員（每名學員）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group: %1</source>
        <translation>班級：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (archived)</source>
        <translation>（已封存）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>cohort</source>
        <translation>全體學員</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save the PDF report</source>
        <translation>儲存 PDF 報告</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>answers</source>
        <translation>答題</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save the answers</source>
        <translation>儲存答案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+39"/>
        <source>Writing %1…</source>
        <translation>正在寫入 %1…</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%2 answer(s) written to %1</source>
        <translation>
            <numerusform>已把 %2 個答案寫入 %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n page(s) written to %1</source>
        <translation>
            <numerusform>已把 %n 頁寫入 %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SidePanel</name>
    <message>
        <location filename="../../ui/window/sidebar.py" line="+209"/>
        <source>Game</source>
        <translation>遊戲</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>&amp;Game</source>
        <extracomment>The thumbnails on a low screen (a 768-pixel laptop): with the four games, the ruleset, the trainee and the chips, the panel then fits without a scroll bar in every language. The rulesets the picker offers: the app&apos;s, with the house rulesets it was given.</extracomment>
        <translation>遊戲(&amp;G)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Ruleset</source>
        <translation>規則集</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>&amp;Ruleset</source>
        <translation>規則集(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Trainee</source>
        <translation>學員(&amp;T)</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>Chips (Ctrl+1 … Ctrl+%n)</source>
        <translation>
            <numerusform>籌碼（Ctrl+1 … Ctrl+%n）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+1"/>
        <source>Chip of %1</source>
        <translation>%1 籌碼</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>Sig&amp;n in…</source>
        <translation>登入(&amp;N)…</translation>
    </message>
    <message>
        <location line="-119"/>
        <source>C&amp;lear the felt</source>
        <translation>清空檯面(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../ui/trainee/local_trainee.py" line="+16"/>
        <source>Local trainee</source>
        <translation>本機學員</translation>
    </message>
    <message>
        <location filename="../../ui/window/sidebar.py" line="+118"/>
        <source>Nobody is signed in: practice is not recorded.</source>
        <translation>未有人登入：練習不會被記錄。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sign in</source>
        <translation>登入</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Signed in: %1 (%2)</source>
        <translation>已登入：%1（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sign &amp;out</source>
        <translation>登出(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sign out</source>
        <translation>登出</translation>
    </message>
    <message>
        <location filename="../../ui/kit/games.py" line="+60"/>
        <source>%1 · house ruleset, version %2</source>
        <translation>%1 · 賭場規則集，第 %2 版</translation>
    </message>
    <message>
        <location filename="../../ui/window/sidebar.py" line="-35"/>
        <source>No ruleset of this game is installed.</source>
        <translation>未安裝此遊戲的規則集。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Follows: %1</source>
        <translation>依據：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>House pay table: the Sic Bo regulation is not on file, so no answer cites an article.</source>
        <translation>賭場派彩表：骰寶的規章未存檔，故答案均不引用條文。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Partial text: only part of the regulation is on file.</source>
        <translation>部分文本：只存有規章的一部分。</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <location filename="../../ui/window/sign_in.py" line="+78"/>
        <source>Sign in</source>
        <translation>登入</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sign in with the login and password your instructor gave you. Your answers, exams and mistakes are yours: nobody else at this computer sees them.</source>
        <translation>請以導師給你的登入名稱和密碼登入。你的答案、考試和錯誤只屬於你：這部電腦上其他人都看不到。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Login</source>
        <translation>登入名稱</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Password</source>
        <translation>密碼</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Login:</source>
        <translation>登入名稱(&amp;L)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Password:</source>
        <translation>密碼(&amp;P)：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Sign in</source>
        <translation>登入(&amp;S)</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Enter your login.</source>
        <translation>請輸入你的登入名稱。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Signing in…</source>
        <translation>正在登入…</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+19"/>
        <source>The login or the password is wrong.</source>
        <translation>登入名稱或密碼錯誤。</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Several wrong passwords for this login: wait before trying again.</source>
        <translation>此登入名稱已多次輸入錯誤密碼：請稍候再試。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No password is set for this login yet: ask your instructor to set one.</source>
        <translation>此登入名稱尚未設定密碼：請導師為你設定。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This account may no longer sign in (a disabled instructor or an archived trainee): ask an instructor of the centre to enable it again.</source>
        <translation>此帳戶已不能登入（已停用的導師或已封存的學員）：請向中心的導師要求重新啟用。</translation>
    </message>
    <message>
        <location line="-72"/>
        <source>You can try again in %1 s.</source>
        <translation>%1 秒後可再試。</translation>
    </message>
</context>
<context>
    <name>Standards</name>
    <message>
        <location filename="../../ui/kit/standards_words.py" line="-24"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A skill is mastered when at least %1 of the last %2 answers of it are right and within its target time; close from %3; weak below.</source>
        <translation>當某技能最近 %2 次答題中至少 %1 正確且在目標時間內，即為已掌握；%3 起為接近；以下為薄弱。</translation>
    </message>
</context>
<context>
    <name>StandardsPanel</name>
    <message>
        <location filename="../../ui/instructor/standards.py" line="+88"/>
        <source>&amp;Back to the drills&apos; target</source>
        <translation>回到練習目標(&amp;B)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The chosen skill follows the drills&apos; own target again, as before the centre set one (a new version; the old ones stay).</source>
        <translation>所選技能重新採用練習本身的目標，如同中心設定之前（新增一個版本；舊版本保留）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Target time of the chosen skill</source>
        <translation>所選技能的目標時間</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skill:</source>
        <translation>技能：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Set the target</source>
        <translation>設定目標</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>T&amp;arget:</source>
        <translation>目標(&amp;A)：</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Set the master&amp;y rule</source>
        <translation>設定掌握規則(&amp;Y)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Mastery rule</source>
        <translation>掌握規則</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Answers looked at (the last):</source>
        <translation>計算的答題數（最近）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mastered from:</source>
        <translation>已掌握下限：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close from:</source>
        <translation>接近下限：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A skill&apos;s target time is the time a trained dealer needs for one item. The dashboard counts an answer right and within the target; the mastery rule and exams&apos; speed pass mark use it. Until the centre sets one, a skill keeps the drills&apos; own target (intermediate level). Every change is kept as a new version, with who made it.</source>
        <translation>技能的目標時間是受過訓練的荷官完成一題所需的時間。儀表板會計算正確且在目標時間內的答題；掌握規則及考試的速度合格標準都採用它。中心未設定前，技能沿用練習本身的目標（中級程度）。每次更改都會保存為新版本，並記錄更改者。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Game</source>
        <translation>遊戲</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drills&apos; target</source>
        <translation>練習目標</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Centre&apos;s target</source>
        <translation>中心目標</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set by</source>
        <translation>設定者</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 on %2 (version %3)</source>
        <translation>%1 於 %2（第 %3 版）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>as the drills</source>
        <translation>同練習</translation>
    </message>
    <message>
        <location line="+52"/>
        <location line="+54"/>
        <source>Choose a skill in the table first.</source>
        <translation>請先在表中選擇一項技能。</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Type the target time in seconds: the drills&apos; own for %1 is %2.</source>
        <translation>請輸入目標時間（秒）：練習為「%1」設定的是 %2。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>“%1” is not a target time: type the seconds, between %2 and %3, to a tenth of a second at most (for example 6.5).</source>
        <translation>「%1」不是有效的目標時間：請輸入 %2 至 %3 之間的秒數，最多精確到十分之一秒（例如 6.5）。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The target of %1 is now %2 (version %3).</source>
        <translation>%1 的目標現為 %2（第 %3 版）。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 already follows the drills&apos; own target (%2).</source>
        <translation>%1 已採用練習本身的目標（%2）。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 follows the drills&apos; own target again: %2 (version %3).</source>
        <translation>%1 重新採用練習本身的目標：%2（第 %3 版）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The share that is close to mastery (%1 %) cannot be above the share that masters a skill (%2 %).</source>
        <translation>「接近」的比率（%1 %）不可高於掌握技能的比率（%2 %）。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The mastery rule is set: %1</source>
        <translation>掌握規則已設定：%1</translation>
    </message>
</context>
<context>
    <name>SummaryView</name>
    <message>
        <location filename="../../ui/drills/feedback.py" line="+66"/>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Answered</source>
        <translation>已答</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Right</source>
        <translation>答對</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Median time</source>
        <translation>中位用時</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Close</source>
        <translation>關閉(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item by item</source>
        <translation>逐題檢視</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every item of the exam</source>
        <translation>考試的每一題</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 of %2 right (%3%)</source>
        <translation>%2 題中答對 %1 題（%3%）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>PASSED — the pass mark is %1%</source>
        <translation>合格 — 合格分數為 %1%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NOT PASSED — the pass mark is %1%</source>
        <translation>不合格 — 合格分數為 %1%</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Items not answered: %1 (counted as not right).</source>
        <translation>未答題目：%1 題（當作答錯）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This is this computer&apos;s preview: the centre&apos;s server grades the sitting, and its result is the one that counts (your transcript shows it once graded).</source>
        <translation>以上是本電腦的預覽：由中心的伺服器為這次應考評分，以其結果為準（評分後列於你的成績單）。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Time: %1</source>
        <translation>用時：%1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>no answer in time</source>
        <translation>未在時限內作答</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>a bet that is not on the table</source>
        <translation>不在牌桌上的注項</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no option chosen</source>
        <translation>未選擇任何選項</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Your answer</source>
        <translation>你的答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Correct answer</source>
        <translation>正確答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Worked solution</source>
        <translation>解題步驟</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>⏱ Time was up</source>
        <translation>⏱ 時間已到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✓ Right</source>
        <translation>✓ 正確</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✗ Not right</source>
        <translation>✗ 不正確</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item %1 · %2</source>
        <translation>第 %1 題 · %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Basis: %1</source>
        <translation>依據：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Article: %1</source>
        <translation>條文：%1</translation>
    </message>
</context>
<context>
    <name>TableExam</name>
    <message>
        <location filename="../../ui/table/exam.py" line="+50"/>
        <source>Collect</source>
        <extracomment>The step kinds as the results name them.</extracomment>
        <translation>收注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay, return, move</source>
        <translation>派彩、退還、移注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Marker</source>
        <translation>標記</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Order</source>
        <translation>次序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deal</source>
        <translation>派牌</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Irregularities</source>
        <translation>不當情事</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 of %2 (%3)</source>
        <translation>%2 步中 %1 步（%3）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Table exam</source>
        <translation>賭檯考試</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No verdict is shown while you deal: every step is recorded and judged, each round ends when you declare it settled (S), and at the end you see your score and every mistake on the round&apos;s replay.</source>
        <translation>發牌期間不顯示對錯：每一步均會記錄及評核，每局在您宣佈已結算（S）時完結；考試完結後，您會看到得分，並在每局的重播中看到每個錯誤。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rounds:</source>
        <translation>局數：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pass mark:</source>
        <translation>合格分數：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Start the exam</source>
        <translation>開始考試</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Passed</source>
        <translation>合格</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not passed</source>
        <translation>不合格</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Table exam: %1 · %2 right steps of %3 · pass mark %4 · %5</source>
        <translation>賭檯考試：%1 · %3 步中正確 %2 步 · 合格分數 %4 · %5</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Steps</source>
        <translation>步驟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right</source>
        <translation>正確</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rounds (choose one to see its replay):</source>
        <translation>各局（選擇一局以查看其重播）：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Round %1: %2 · mistakes: %3</source>
        <translation>第%1局：%2 · 錯誤：%3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Round %1: %2 · no mistakes</source>
        <translation>第%1局：%2 · 沒有錯誤</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table exam results</source>
        <translation>賭檯考試結果</translation>
    </message>
</context>
<context>
    <name>TableIrregular</name>
    <message>
        <location filename="../../rules/caribbean_stud/irregular.py" line="-80"/>
        <source>A card exposed while dealing</source>
        <extracomment>What the felt&apos;s banner says of each (the panel says the rest), in the table&apos;s context.</extracomment>
        <translation>派牌時陽開一張牌</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A dealer&apos;s card exposed while dealing</source>
        <translation>派牌時陽開莊荷的一張牌</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two cards exposed while dealing</source>
        <translation>派牌時陽開兩張牌</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A hand dealt to a box without a bet</source>
        <translation>向沒有下注的一門派牌</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The shuffling machine fails</source>
        <translation>洗牌機失靈</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cards dealt the wrong way</source>
        <translation>派牌方法不正確</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A wrong number of cards</source>
        <translation>牌數有誤</translation>
    </message>
    <message>
        <location filename="../../ui/table/irregular.py" line="+97"/>
        <source>A bet after the bell</source>
        <extracomment>What the felt says of each event (short: the panel says the rest).</extracomment>
        <translation>鳴鐘後下注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A chip falls into the wheel</source>
        <translation>籌碼跌入輪盤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Winning chips knocked over</source>
        <translation>中獎籌碼被碰亂</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die off the table</source>
        <translation>骰子離開檯面</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A cocked die</source>
        <translation>骰子傾斜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A player asks for odds</source>
        <translation>客人要求附加投注</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>The ball is spinning.</source>
        <extracomment>The events that come before the ball rests or the dice are read.</extracomment>
        <translation>珠正在轉動。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The dice are not read yet.</source>
        <translation>骰子尚未讀點。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shooter throws.</source>
        <translation>擲骰者擲骰。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Ruling: %1</source>
        <translation>裁定：%1</translation>
    </message>
    <message>
        <location line="+136"/>
        <source>Click a choice (a double click rules with it), or pick one with ↑/↓ or its number, then Enter or Rule so.</source>
        <extracomment>The round&apos;s bets by target, to name the bet an irregularity is about (whose it is).</extracomment>
        <translation>點選一個選項（雙擊即以該選項裁定），或用 ↑/↓ 或其編號選擇，然後按 Enter 或「如此裁定」。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Irregularity: %1</source>
        <translation>不當情事：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The bet: %1</source>
        <translation>該注：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rule so ↵</source>
        <translation>如此裁定 ↵</translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/irregular.py" line="-166"/>
        <source>The shaker opened too soon</source>
        <extracomment>The void throws, by the house setting that rules each. What the felt&apos;s banner says of each (the panel says the rest), in the table&apos;s context.</extracomment>
        <translation>骰盅過早打開</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die leaning in the shaker</source>
        <translation>骰盅內有骰子斜靠</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shaker not shaken</source>
        <translation>骰盅未經搖動</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A bet after &quot;no more bets&quot;</source>
        <translation>「停止投注」後的投注</translation>
    </message>
</context>
<context>
    <name>TableReplay</name>
    <message>
        <location filename="../../ui/table/replay.py" line="+175"/>
        <source>Missed: %1</source>
        <translation>遺漏：%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The rules of this version judge some steps otherwise than when they were recorded: the verdicts shown are this version&apos;s.</source>
        <translation>本版本的規則對部分步驟的評核與記錄時不同：所顯示的評核結果以本版本為準。</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Step %1 of %2</source>
        <translation>第%1步，共%2步</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The table as dealt · steps: %1</source>
        <translation>發牌時的檯面 · 步驟：%1</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The table as dealt. Forward: → or Enter.</source>
        <translation>發牌時的檯面。前進：按 → 或 Enter。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The right ruling: %1</source>
        <translation>正確的裁定：%1</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>◀ Back</source>
        <translation>◀ 後退</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forward ▶</source>
        <translation>前進 ▶</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The table as dealt (Home)</source>
        <translation>發牌時的檯面 (Home)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The last step (End)</source>
        <translation>最後一步 (End)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One step back (←)</source>
        <translation>後退一步 (←)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One step forward (→ or Enter)</source>
        <translation>前進一步（→ 或 Enter）</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay of a round</source>
        <translation>牌局重播</translation>
    </message>
</context>
<context>
    <name>TableResults</name>
    <message>
        <location filename="../../ui/instructor/table_results.py" line="-490"/>
        <source>Marker</source>
        <extracomment>A step kind, as stored, in words; a kind this version has no words for is &quot;other steps&quot;.</extracomment>
        <translation>標記</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collect</source>
        <translation>收注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay</source>
        <translation>派彩</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return</source>
        <translation>退還</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move</source>
        <translation>移注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progressive</source>
        <translation>累進大獎</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deal</source>
        <translation>派牌</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Irregularity</source>
        <translation>異常情況</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Order</source>
        <translation>次序</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other steps</source>
        <translation>其他步驟</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>below the target</source>
        <extracomment>Where a pace stands against its target.</extracomment>
        <translation>低於目標</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>at the target</source>
        <translation>達到目標</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>above the target</source>
        <translation>高於目標</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>table procedure</source>
        <translation>賭檯程序</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Another game</source>
        <translation>其他遊戲</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>Table rounds · %1</source>
        <translation>賭檯牌局 · %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location line="+132"/>
        <location line="+168"/>
        <source>Loading…</source>
        <translation>載入中…</translation>
    </message>
    <message>
        <location line="-151"/>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Trainee</source>
        <translation>學員</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+170"/>
        <source>Rounds</source>
        <translation>局數</translation>
    </message>
    <message>
        <location line="-169"/>
        <source>Time per round</source>
        <translation>每局用時</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Most common mistakes</source>
        <translation>最常見錯誤</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>The cohort</source>
        <translation>全體學員</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A trainee no longer listed</source>
        <translation>已不在名單上的學員</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No rounds at the live table in this period.</source>
        <translation>此期間沒有賭檯牌局。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The cohort: %1 rounds by %2 trainees · time per round %3 · %4</source>
        <translation>全體學員：%2 名學員共 %1 局 · 每局用時 %3 · %4</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Choose a trainee&apos;s row to see their rounds.</source>
        <translation>請選擇一名學員的一行，以查看其牌局。</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Results at the live table (Enter or double-click: a trainee&apos;s rounds)</source>
        <translation>賭檯成績（按 Enter 或按兩下：查看學員的牌局）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Rounds and replays ↵</source>
        <translation>牌局及重播 ↵</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The chosen trainee&apos;s rounds, each with its replay step by step on the felt</source>
        <translation>所選學員的牌局，每局均可在檯面上逐步重播</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Pace against the house&apos;s target</source>
        <translation>節奏與賭場目標比較</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mistakes, the most common first</source>
        <translation>錯誤（由最常見起）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Game</source>
        <translation>遊戲</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Level</source>
        <translation>程度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>An hour</source>
        <translation>每小時</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Target</source>
        <translation>目標</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pace</source>
        <translation>節奏</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Mistake</source>
        <translation>錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Times</source>
        <translation>次數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Articles</source>
        <translation>條文</translation>
    </message>
</context>
<context>
    <name>TableRounds</name>
    <message>
        <location filename="../../ui/instructor/table_rounds.py" line="+49"/>
        <source>Practice</source>
        <translation>練習</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exam</source>
        <translation>考試</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>wrong amount</source>
        <extracomment>The judge&apos;s mistake codes as the instructor reads them (never the code itself).</extracomment>
        <translation>金額錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>out of turn</source>
        <translation>次序錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>paid before collecting</source>
        <translation>未收注先派彩</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a loser paid</source>
        <translation>向輸注派彩</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a winner collected</source>
        <translation>收取了贏注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a stake collected</source>
        <translation>收取了應保留的注碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a wrong action</source>
        <translation>動作錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>settled twice</source>
        <translation>重複結算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an undecided bet settled</source>
        <translation>結算了未有結果的注項</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a step not needed</source>
        <translation>多餘的步驟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a bet not on the table</source>
        <translation>檯上沒有的注項</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>marker on the wrong number</source>
        <translation>標記放錯號碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>moved to the wrong point</source>
        <translation>移往錯誤的點數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>two players paid together</source>
        <translation>把兩名玩家的注項合併派彩</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a step missed</source>
        <translation>遺漏步驟</translation>
    </message>
    <message>
        <location filename="../../ui/instructor/table_results.py" line="-494"/>
        <location filename="../../ui/instructor/table_rounds.py" line="+5"/>
        <source>another mistake</source>
        <translation>其他錯誤</translation>
    </message>
    <message>
        <location filename="../../ui/instructor/table_rounds.py" line="+107"/>
        <source>Rounds this version cannot replay: %1.</source>
        <extracomment>The rounds the drill-down reads of a trainee: the newest (each is played again to show it).</extracomment>
        <translation>本版本無法重播的牌局：%1。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No rounds at the live table yet.</source>
        <translation>尚未有賭檯牌局。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Rounds: %1 · time per round %2 · most common mistakes: %3</source>
        <translation>局數：%1 · 每局用時 %2 · 最常見錯誤：%3</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1, %2: %3 an hour, the target %4</source>
        <translation>%1，%2：每小時 %3，目標 %4</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>This version cannot replay that round.</source>
        <translation>本版本無法重播該局。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Dealt</source>
        <translation>發牌時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Game</source>
        <translation>遊戲</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mistakes</source>
        <translation>錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What went wrong</source>
        <translation>出錯之處</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Replay ↵</source>
        <translation>重播 ↵</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The chosen round, step by step on the felt</source>
        <translation>所選的牌局，在檯面上逐步重播</translation>
    </message>
</context>
<context>
    <name>TraineePasswordDialog</name>
    <message>
        <location filename="../../ui/instructor/roster.py" line="+351"/>
        <source>Set an instructor&apos;s password</source>
        <translation>設定導師密碼</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Set a trainee&apos;s password</source>
        <translation>設定學員密碼</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>New password for %1. Tell it to them in person; they sign in with it once and then choose their own (the old one no longer works).</source>
        <translation>%1 的新密碼。請當面告知；以此密碼登入一次後須自行設定自己的密碼（舊密碼不再有效）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;New password:</source>
        <translation>新密碼(&amp;N)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Repeat it:</source>
        <translation>再輸入一次(&amp;R)：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Set the password</source>
        <translation>設定密碼(&amp;S)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The two passwords differ.</source>
        <translation>兩次輸入的密碼不同。</translation>
    </message>
</context>
<context>
    <name>TraineeView</name>
    <message>
        <location filename="../../ui/instructor/dashboard.py" line="+196"/>
        <source>Trainee:</source>
        <translation>學員：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Period:</source>
        <translation>期間：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skill:</source>
        <translation>技能：</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Exam</source>
        <translation>考試</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Assigned</source>
        <translation>指派</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Score</source>
        <translation>分數</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>All answers</source>
        <translation>全部答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wrong answers only</source>
        <translation>只顯示答錯的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load older answers</source>
        <translation>載入較早的答案</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Weakest skills</source>
        <translation>最弱技能</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exams</source>
        <translation>考試</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Progress</source>
        <translation>進度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answers</source>
        <translation>答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table rounds</source>
        <translation>賭檯牌局</translation>
    </message>
    <message>
        <location line="+33"/>
        <source> (archived)</source>
        <translation>（已封存）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Loading…</source>
        <translation>載入中…</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>waiting for grading since %1</source>
        <translation>自 %1 起等待評分</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not taken yet</source>
        <translation>尚未應考</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>passed</source>
        <translation>合格</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>不合格</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1/%2 (%3)</source>
        <translation>%1/%2（%3）</translation>
    </message>
</context>
<context>
    <name>TraineesPanel</name>
    <message>
        <location filename="../../ui/instructor/people.py" line="-337"/>
        <source>New trainee&apos;s full name</source>
        <extracomment>The table&apos;s columns (staff number and group: issue 15).</extracomment>
        <translation>新學員的全名</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Login (made from the name if empty)</source>
        <translation>登入名稱（留空則由姓名產生）</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+20"/>
        <source>Login</source>
        <translation>登入名稱</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>Password (at least %1 characters)</source>
        <translation>密碼（最少 %1 個字元）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Password</source>
        <translation>密碼</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Staff number (optional)</source>
        <translation>員工編號（可選填）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Staff number</source>
        <translation>員工編號</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Add trainee</source>
        <translation>新增學員(&amp;A)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name</source>
        <translation>姓名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff no.</source>
        <translation>員工編號</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Group</source>
        <translation>班級</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile created</source>
        <translation>檔案建立日期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Set the pass&amp;word…</source>
        <translation>設定密碼(&amp;W)…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>An archived trainee can no longer sign in; their answers and exams stay in the records and in the reports.</source>
        <translation>已封存的學員不能再登入；其答案和考試仍保留在記錄和報告中。</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>The staff number %1 is %2&apos;s: each trainee has their own.</source>
        <translation>員工編號 %1 屬於 %2：每名學員各有自己的編號。</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>%1 signs in with the new password from now on.</source>
        <translation>%1 從現在起以新密碼登入。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Rename %1</source>
        <translation>更改 %1 的姓名</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>New name for %1 (their answers, exams and login stay theirs):</source>
        <translation>%1 的新姓名（其作答、考試及登入名稱保持不變）：</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Staff number of %1</source>
        <translation>%1 的員工編號</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff number of %1 (empty: none):</source>
        <translation>%1 的員工編號（留空：無）：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save</source>
        <translation>儲存(&amp;S)</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>%1&apos;s staff number is now %2.</source>
        <translation>%1 的員工編號現為 %2。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 has no staff number now.</source>
        <translation>%1 現在沒有員工編號。</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Restore</source>
        <translation>恢復</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Archive %1?</source>
        <translation>封存 %1？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Archive %1? They can no longer sign in. Their answers, exams and reports stay, and Restore brings them back.</source>
        <translation>封存 %1？其將不能再登入。其作答、考試及報告保留，按「恢復」即可復原。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Archive %1</source>
        <translation>封存 %1(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../ui/instructor/roster.py" line="-65"/>
        <source>The password must have at least %1 characters.</source>
        <translation>密碼最少要有 %1 個字元。</translation>
    </message>
    <message>
        <location filename="../../ui/instructor/people.py" line="+11"/>
        <source>A staff number has up to 32 letters (a to z), digits, “-”, “/”, “.” or “_”, and starts with a letter or a digit.</source>
        <translation>員工編號最多 32 個字元，只可包含英文字母（a 至 z）、數字、「-」、「/」、「.」或「_」，並以字母或數字開頭。</translation>
    </message>
    <message>
        <location filename="../../ui/instructor/roster.py" line="+8"/>
        <source>A login starts with a letter (a to z) and has only letters a to z, digits, “_”, “.” and “-”, at most 63 characters.</source>
        <translation>登入名稱以字母（a 至 z）開頭，只可包含字母 a 至 z、數字、「_」、「.」和「-」，最多 63 個字元。</translation>
    </message>
    <message>
        <location filename="../../ui/instructor/people.py" line="-225"/>
        <source>archived</source>
        <translation>已封存</translation>
    </message>
    <message>
        <location line="-35"/>
        <location line="+228"/>
        <source>Arch&amp;ive</source>
        <translation>封存(&amp;I)</translation>
    </message>
    <message>
        <location line="-227"/>
        <source>Rename…</source>
        <translation>更改名稱…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sta&amp;ff number…</source>
        <translation>員工編號(&amp;F)…</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>active</source>
        <translation>使用中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>same name as another profile: rename one</source>
        <translation>與另一檔案同名：請更改其中一個的名稱</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no password yet: set one</source>
        <translation>尚未設定密碼：請設定</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>A trainee named “%1” is already registered.</source>
        <translation>已有名為「%1」的學員登記。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“%1” is the name of the registered trainee “%2”: names that differ only in capitals, letter width, spaces or invisible characters are one name. If this is another person, add what tells them apart (a second name).</source>
        <translation>「%1」即已登記學員「%2」的名稱：只在大小寫、全形半形、空格或不可見字元上不同的名稱屬同一名稱。如果是另一人，請加上能區分兩人的資料（例如另一個名字）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The login “%1” is taken: choose another one.</source>
        <translation>登入名稱「%1」已被使用：請另選一個。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A name must have 1 to 100 visible characters.</source>
        <translation>名稱須有 1 至 100 個可見字元。</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 can now sign in with the login %2 and the password you gave, once: at that sign-in they choose their own.</source>
        <translation>%1 現在可以用登入名稱 %2 和你設定的密碼登入一次：登入時須自行設定自己的密碼。</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>%1 is now %2; their answers stay theirs.</source>
        <translation>%1 現改名為 %2；其答案仍屬本人。</translation>
    </message>
</context>
<context>
    <name>TrendPane</name>
    <message>
        <location filename="../../ui/instructor/dashboard.py" line="-501"/>
        <source>%1 answers · %2 correct · typical time %3</source>
        <translation>%1 題 · 答對 %2 · 一般用時 %3</translation>
    </message>
</context>
<context>
    <name>TrendPlots</name>
    <message>
        <location filename="../../ui/instructor/plots.py" line="+99"/>
        <source>Accuracy</source>
        <extracomment>The narrowest span of the date axis: with one day of answers the axis still shows dates.</extracomment>
        <translation>準確率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>% correct</source>
        <translation>正確百分比</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time per answer</source>
        <translation>每題用時</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>One skill: the median time of each day. All skills: the median of the skills&apos; daily medians, each weighted by its number of answers.</source>
        <translation>單一技能：每日的中位用時。所有技能：各技能每日中位數的中位數，按各技能的答題數加權。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No answers in this period.</source>
        <translation>此期間沒有答題。</translation>
    </message>
</context>
<context>
    <name>UnverifiedWarning</name>
    <message>
        <location filename="../../ui/kit/unverified.py" line="+31"/>
        <source>Lab connection: the server is not verified</source>
        <translation>實驗室連線：伺服器未經驗證</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This workstation does not check that the server it signs in to is the training centre&apos;s (DEALER_TRAINER_LAB_UNVERIFIED_SERVER is on and the server&apos;s URL has no sslmode=verify-full): another machine could pose as the server and see every password and record. For a test lab only, never with real trainees.</source>
        <translation>此工作站不會核實其登入的伺服器是否為培訓中心的伺服器（DEALER_TRAINER_LAB_UNVERIFIED_SERVER 已開啟，而伺服器網址沒有 sslmode=verify-full）：其他電腦可冒充伺服器，看到每個密碼及記錄。只限測試實驗室使用，切勿用於真正的學員。</translation>
    </message>
</context>
<context>
    <name>Welcome</name>
    <message>
        <location filename="../../ui/trainee/launcher.py" line="+357"/>
        <source>Not recorded: nobody is signed in (this computer&apos;s user is “%1”), so no instructor can follow these answers and nothing is kept. Sign in with the login and password your instructor gave you (Sign in… on the left).</source>
        <translation>不會記錄：未有人登入（這部電腦的使用者是「%1」），所以導師無法跟進這些答案，亦不會保存任何內容。請以導師給你的登入名稱和密碼登入（左邊的「登入…」）。</translation>
    </message>
</context>
<context>
    <name>WelcomeDialog</name>
    <message>
        <location filename="../../ui/window/welcome.py" line="+61"/>
        <source>Welcome to the Macau Dealer Trainer</source>
        <translation>歡迎使用澳門荷官培訓程式</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Instructor:&lt;/b&gt; create your account in &lt;i&gt;Instructor › Instructor views…&lt;/i&gt; (Ctrl+I), with your name and a password.</source>
        <translation>&lt;b&gt;導師：&lt;/b&gt;在&lt;i&gt;導師 › 導師介面…&lt;/i&gt;（Ctrl+I）以你的名稱及密碼建立帳戶。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Instructor:&lt;/b&gt; your account exists; open &lt;i&gt;Instructor › Instructor views…&lt;/i&gt; (Ctrl+I).</source>
        <translation>&lt;b&gt;導師：&lt;/b&gt;你的帳戶已建立；請開啟&lt;i&gt;導師 › 導師介面…&lt;/i&gt;（Ctrl+I）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Instructor:&lt;/b&gt; register each trainee by their full name, with a login and a password, in the &lt;i&gt;Trainee profiles&lt;/i&gt; tab. A name is one person: “Ana Lei” and “ana lei” are the same name.</source>
        <translation>&lt;b&gt;導師：&lt;/b&gt;在&lt;i&gt;學員檔案&lt;/i&gt;分頁以全名登記每名學員，並給予登入名稱和密碼。一個姓名代表一個人：「Ana Lei」和「ana lei」是同一個姓名。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Trainee:&lt;/b&gt; sign in with your login and password (&lt;i&gt;Sign in…&lt;/i&gt; on the left), then start a drill (&lt;i&gt;Drills&lt;/i&gt; menu). Every answer is recorded for you and your instructor.</source>
        <translation>&lt;b&gt;學員：&lt;/b&gt;以你的登入名稱和密碼登入（左邊的&lt;i&gt;登入…&lt;/i&gt;），然後開始操練（&lt;i&gt;操練&lt;/i&gt;選單）。每個答案都會為你和你的導師記錄下來。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This training room is not set up yet.</source>
        <translation>此培訓室尚未設定。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No trainee is registered yet.</source>
        <translation>尚未登記任何學員。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Until then anyone may practise under this computer&apos;s login name (%1). Those answers are not recorded: the name is not a registered trainee, so they belong to nobody an instructor can follow.</source>
        <translation>在此之前，任何人都可以用本電腦的登入名稱（%1）練習。這些答案不作記錄：該名稱不是已登記的學員，因此不屬於導師可跟進的任何人。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Start practising</source>
        <translation>開始練習(&amp;S)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Create the instructor account…</source>
        <translation>建立導師帳戶(&amp;C)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the &amp;instructor views…</source>
        <translation>開啟導師介面(&amp;I)…</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <location filename="../../app.py" line="+224"/>
        <source>Macau Dealer Trainer</source>
        <translation>澳門荷官培訓系統</translation>
    </message>
</context>
<context>
    <name>bets</name>
    <message>
        <location filename="../../ui/kit/bet_names.py" line="+49"/>
        <source>%1 to 1</source>
        <translation>1賠%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 to %2</source>
        <translation>%2賠%1</translation>
    </message>
</context>
<context>
    <name>certificates</name>
    <message>
        <location filename="../../reports/certificates.py" line="+77"/>
        <source>Transcript: %1</source>
        <translation>成績單：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Made on %1 by %2</source>
        <translation>由 %2 於 %1 發出</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Exam sittings</source>
        <translation>應考紀錄</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>not finished</source>
        <translation>未完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+4"/>
        <source>passed</source>
        <translation>合格</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>waiting for grading</source>
        <translation>等待評分</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not passed</source>
        <translation>不合格</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (sitting %2)</source>
        <translation>%1（第 %2 次應考）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Exam</source>
        <translation>考試</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../reports/pdf.py" line="+783"/>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pass mark</source>
        <translation>合格分數</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../reports/pdf.py" line="+1"/>
        <source>In time</source>
        <translation>限時內</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed mark</source>
        <translation>速度合格分數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>用時</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>An exam with live-table rounds: the score counts each item as one step and each round as the steps it was judged on; in time counts the items right within their target and the rounds dealt without a mistake within the house&apos;s pace, over the items and the rounds.</source>
        <translation>含模擬賭檯局數的考試：分數把每題當作一步、每局當作其被評核的步驟；限時內則計在目標時間內答對的題目，及在本場節奏內無錯誤完成的局數，除以題數及局數。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>In time: the share of the exam&apos;s items answered right within the skill&apos;s target time. Speed mark: the share an exam requires in time (empty: none). Time: the time spent on the answers.</source>
        <translation>限時內：於該技能目標時間內答對的考題比例。速度合格分數：考試要求於限時內答對的比例（空白：無要求）。用時：作答所用的時間。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 in time: the exam was built before target times were kept, so nothing in it was timed.</source>
        <translation>「限時內」為 %1：此考試建立時尚未保存目標時間，故其中沒有任何題目計時。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No exam sat.</source>
        <translation>未曾應考。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 holds no certification yet.</source>
        <translation>%1 尚未取得任何認證。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Certificate: %1</source>
        <translation>證書：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Certificate of dealer training</source>
        <translation>荷官培訓證書</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This certifies that</source>
        <translation>茲證明</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>passed the certification exam in</source>
        <translation>已通過以下遊戲的認證考試</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>on %1</source>
        <translation>日期：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Score %1 · in time %2</source>
        <translation>得分 %1 · 限時內 %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Score %1</source>
        <translation>得分 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Valid until %1</source>
        <translation>有效期至 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Instructor: %1</source>
        <translation>導師：%1</translation>
    </message>
    <message>
        <location filename="../../reports/certification_text.py" line="+69"/>
        <source>%1 (now %2)</source>
        <translation>%1（現名 %2）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>now named %1</source>
        <translation>現名 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>certified as %1</source>
        <translation>以 %1 之名獲得認證</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Dealer training centre</source>
        <translation>荷官培訓中心</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>valid until %1</source>
        <translation>有效期至 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>expired on %1</source>
        <translation>已於 %1 過期</translation>
    </message>
    <message>
        <location filename="../../reports/pdf.py" line="-11"/>
        <source>Certifications</source>
        <translation>認證</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No certification.</source>
        <translation>沒有認證。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Trainee</source>
        <translation>學員</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Game</source>
        <translation>遊戲</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Passed on</source>
        <translation>合格日期</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Approved by</source>
        <translation>批准導師</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validity</source>
        <translation>有效期</translation>
    </message>
    <message>
        <location filename="../../reports/exam_parts.py" line="+36"/>
        <source>live table: %1 rounds, %2/%3 steps right, %4 within the pace</source>
        <translation>模擬賭檯：%1 局，%2/%3 步正確，%4 局在節奏內</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Items %1/%2 · %3</source>
        <translation>題目 %1/%2 · %3</translation>
    </message>
</context>
<context>
    <name>csv</name>
    <message>
        <location filename="../../reports/csv_export.py" line="+35"/>
        <source>Answer no.</source>
        <extracomment>The columns, in order (English; the header row is written in the instructor&apos;s language).</extracomment>
        <translation>答案編號</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trainee</source>
        <translation>學員</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff no.</source>
        <translation>員工編號</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exam or practice</source>
        <translation>考試或練習</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session no.</source>
        <translation>練習時段編號</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answered (UTC)</source>
        <translation>作答時間（UTC）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Day</source>
        <translation>日期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ruleset</source>
        <translation>規則集</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right</source>
        <translation>正確</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seconds taken</source>
        <translation>所用秒數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answer given</source>
        <translation>所答</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right answer</source>
        <translation>正確答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item seed</source>
        <translation>題目種子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>App version</source>
        <translation>程式版本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Exam</source>
        <extracomment>How each kind of session is named in the &quot;Exam or practice&quot; column.</extracomment>
        <translation>考試</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Practice</source>
        <translation>練習</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Practice (timed)</source>
        <translation>練習（計時）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Practice (review)</source>
        <translation>練習（複習）</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>yes</source>
        <extracomment>The first characters that make Excel, LibreOffice or Google Sheets read a cell as a formula (OWASP&apos;s list): such a cell is written with a leading apostrophe, as text. Given and expected answer of a stored answer, in words (the UI passes the drill-down&apos;s).</extracomment>
        <translation>是</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waiting for grading</source>
        <translation>等待評分</translation>
    </message>
</context>
<context>
    <name>dashboard</name>
    <message>
        <location filename="../../ui/instructor/dashboard.py" line="-125"/>
        <source>Last %1 days</source>
        <extracomment>A cell&apos;s margins beside its text, in pixels (the item&apos;s text margins and some air).</extracomment>
        <translation>最近%1日</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>All skills</source>
        <translation>所有技能</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answers</source>
        <translation>作答數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accuracy</source>
        <translation>準確率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Typical time</source>
        <translation>一般用時</translation>
    </message>
</context>
<context>
    <name>drills</name>
    <message>
        <location filename="../../ui/trainee/launcher.py" line="-583"/>
        <source>Beginner</source>
        <translation>初級</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Intermediate</source>
        <translation>中級</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Advanced</source>
        <translation>高級</translation>
    </message>
    <message>
        <location line="+8"/>
        <location filename="../../ui/trainee/menu.py" line="+31"/>
        <source>&amp;Practise</source>
        <extracomment>Where the launcher keeps the trainee&apos;s last choices (QSettings). Mnemonics chosen not to clash with the main window&apos;s (Alt+F, V, D, I menus; Alt+G, R, T of its side panel).</extracomment>
        <translation>練習(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ti&amp;med</source>
        <translation>計時(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/trainee/menu.py" line="+2"/>
        <source>&amp;Exam</source>
        <translation>考試(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/trainee/menu.py" line="+3"/>
        <source>Ta&amp;ble</source>
        <translation>賭檯(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Revie&amp;w</source>
        <translation>複習(&amp;W)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>My mista&amp;kes</source>
        <translation>我的錯題(&amp;K)</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>G&amp;ame</source>
        <extracomment>Where the sessions&apos; rulesets are looked up: the app&apos;s, with the house rulesets (by default the shipped rulesets only). The assigned exam with live-table rounds being sat (``ui.exams.sitting``).</extracomment>
        <translation>遊戲(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Diffic&amp;ulty</source>
        <translation>難度(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xam</source>
        <translation>考試(&amp;X)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Mock exam si&amp;ze</source>
        <translation>模擬考試題數(&amp;Z)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Skills</source>
        <translation>技能(&amp;S)</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../ui/trainee/menu.py" line="+62"/>
        <source>Drills</source>
        <translation>練習</translation>
    </message>
    <message>
        <location line="+369"/>
        <source>My mistakes</source>
        <translation>我的錯題</translation>
    </message>
    <message>
        <location filename="../../ui/drills/screen.py" line="-259"/>
        <source>Drills — %1</source>
        <extracomment>The question panel beside the felt: wide enough for a keypad, never wider than a column. Where a drill window&apos;s size is remembered (see ``ui.kit.geometry``).</extracomment>
        <translation>操練 — %1</translation>
    </message>
    <message>
        <location filename="../../ui/trainee/menu.py" line="-66"/>
        <source>&amp;Timed</source>
        <translation>計時(&amp;T)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Review</source>
        <translation>複習(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>My &amp;mistakes</source>
        <translation>我的錯題(&amp;M)</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>&amp;Drills</source>
        <translation>操練(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose a &amp;drill…</source>
        <translation>選擇操練(&amp;D)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Review my e&amp;xams…</source>
        <translation>檢討我的考試(&amp;X)…</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Sign in first to review your exams.</source>
        <translation>請先登入以檢討你的考試。</translation>
    </message>
    <message>
        <location filename="../../ui/kit/rendering.py" line="-57"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../../ui/drills/screen.py" line="-232"/>
        <source>Practice</source>
        <translation>練習</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timed</source>
        <translation>計時</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exam</source>
        <translation>考試</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Review</source>
        <translation>複習</translation>
    </message>
    <message>
        <location filename="../../ui/drills/situation.py" line="+76"/>
        <location filename="../../ui/table/stud_deal.py" line="+448"/>
        <source>Dealer</source>
        <translation>莊荷</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../ui/table/stud_deal.py" line="+16"/>
        <source>Box %1</source>
        <translation>第%1門</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../../ui/drills/feedback.py" line="-548"/>
        <source>(fewest chips: %1)</source>
        <extracomment>The grader&apos;s sentences that restate the right answer, shown by the panel itself.</extracomment>
        <translation>（最少籌碼：%1）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Collect: %1</source>
        <translation>收去：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay: %1</source>
        <translation>賠付：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (in any order)</source>
        <translation>%1（次序不拘）</translation>
    </message>
</context>
<context>
    <name>felt</name>
    <message>
        <location filename="../../layouts/craps.py" line="+63"/>
        <source>SIX</source>
        <translation>SIX</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NINE</source>
        <translation>NINE</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+1"/>
        <source>7 to 1</source>
        <translation>7 to 1</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>9 to 1</source>
        <translation>9 to 1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>BIG 6 · 7 to 6</source>
        <translation>BIG 6 · 7 to 6</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 8 · 7 to 6</source>
        <translation>BIG 8 · 7 to 6</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 5 · 7 to 5</source>
        <translation>BIG 5 · 7 to 5</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 9 · 7 to 5</source>
        <translation>BIG 9 · 7 to 5</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 4 · 9 to 5</source>
        <translation>BIG 4 · 9 to 5</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 10 · 9 to 5</source>
        <translation>BIG 10 · 9 to 5</translation>
    </message>
    <message>
        <location filename="../../layouts/labels.py" line="+48"/>
        <source>1st 12 · 1–12</source>
        <translation>1st 12 · 1–12</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>2nd 12 · 13–24</source>
        <translation>2nd 12 · 13–24</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>3rd 12 · 25–36</source>
        <translation>3rd 12 · 25–36</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>2 to 1</source>
        <translation>2 to 1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 – 18</source>
        <translation>1 – 18</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../layouts/sic_bo.py" line="+62"/>
        <source>EVEN</source>
        <translation>EVEN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RED</source>
        <translation>RED</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BLACK</source>
        <translation>BLACK</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../layouts/sic_bo.py" line="-1"/>
        <source>ODD</source>
        <translation>ODD</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>19 – 36</source>
        <translation>19 – 36</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NINE NUMBERS · 3 to 1</source>
        <translation>NINE NUMBERS · 3 to 1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TWELVE NUMBERS · 2 to 1</source>
        <translation>TWELVE NUMBERS · 2 to 1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>WHEEL</source>
        <translation>WHEEL</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PASS LINE</source>
        <translation>PASS LINE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DON&apos;T PASS BAR</source>
        <translation>DON&apos;T PASS BAR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>COME</source>
        <translation>COME</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DON&apos;T COME BAR</source>
        <translation>DON&apos;T COME BAR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DON&apos;T COME</source>
        <translation>DON&apos;T COME</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FIELD</source>
        <translation>FIELD</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PAYS DOUBLE</source>
        <translation>PAYS DOUBLE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ODDS</source>
        <translation>ODDS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LAY ODDS</source>
        <translation>LAY ODDS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 7 · 4½ to 1</source>
        <translation>BIG 7 · 4½ to 1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ELEVEN · 15 to 1</source>
        <translation>ELEVEN · 15 to 1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ANY CRAPS · 7 to 1</source>
        <translation>ANY CRAPS · 7 to 1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HARD WAYS</source>
        <translation>HARD WAYS</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../layouts/sic_bo.py" line="-1"/>
        <source>BIG</source>
        <translation>BIG</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OFF</source>
        <translation>OFF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ON</source>
        <translation>ON</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ANTE</source>
        <translation>ANTE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RAISE</source>
        <translation>RAISE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JACKPOT</source>
        <translation>JACKPOT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DEALER</source>
        <translation>DEALER</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE</source>
        <translation>SHOE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHUFFLER</source>
        <translation>SHUFFLER</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CHIP TRAY</source>
        <translation>CHIP TRAY</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PROGRESSIVE JACKPOT</source>
        <translation>PROGRESSIVE JACKPOT</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ROYAL FLUSH</source>
        <extracomment>The hands the progressive pays (Art. 10(2)), as its display posts them, highest first.</extracomment>
        <translation>ROYAL FLUSH</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>STRAIGHT FLUSH</source>
        <translation>STRAIGHT FLUSH</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>FOUR OF A KIND</source>
        <translation>FOUR OF A KIND</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>FULL HOUSE</source>
        <translation>FULL HOUSE</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FLUSH</source>
        <translation>FLUSH</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>BET</source>
        <extracomment>A box&apos;s progressive bet, drawn on its spot (the regulation gives it no amount to show).</extracomment>
        <translation>BET</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARIBBEAN STUD POKER</source>
        <translation>CARIBBEAN STUD POKER</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DEALER QUALIFIES WITH ACE-KING OR BETTER</source>
        <translation>DEALER QUALIFIES WITH ACE-KING OR BETTER</translation>
    </message>
    <message>
        <location filename="../../layouts/sic_bo.py" line="-3"/>
        <source>SIC BO</source>
        <translation>SIC BO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHAKER</source>
        <translation>SHAKER</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SMALL</source>
        <translation>SMALL</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>LOSES ON ANY TRIPLE</source>
        <translation>LOSES ON ANY TRIPLE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ANY TRIPLE</source>
        <translation>ANY TRIPLE</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>%1 TO %2</source>
        <translation>%1 TO %2</translation>
    </message>
</context>
<context>
    <name>games</name>
    <message>
        <location filename="../../reports/certification_text.py" line="-77"/>
        <location filename="../../ui/kit/games.py" line="-46"/>
        <source>Roulette</source>
        <extracomment>Where an exam counted nothing in time (built before target times were kept). The games by name, as the window&apos;s &quot;games&quot; context translates them.
----------
Game id → (English name for translation, Chinese name as printed in Macau).</extracomment>
        <translation>輪盤</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/kit/games.py" line="+1"/>
        <source>Craps</source>
        <translation>花旗骰</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/kit/games.py" line="+1"/>
        <location line="+32"/>
        <source>Caribbean Stud Poker</source>
        <translation>聯獎撲克</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/kit/games.py" line="-31"/>
        <source>Sic Bo</source>
        <translation>骰寶</translation>
    </message>
    <message>
        <location filename="../../ui/kit/games.py" line="+3"/>
        <source>Despacho n.º 53/2010 approved a new craps regulation and revoked Portaria n.º 97/85/M (craps-1985). Only part of the 2010 text is on file, so craps-1985 stays the default for graded drills.</source>
        <translation>第53/2010號經濟財政司司長批示核准了新的花旗骰規章，並廢止第97/85/M號訓令（craps-1985）。由於只存有2010年規章的部分文本，評分練習仍以 craps-1985 為預設。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Roulette (single zero)</source>
        <extracomment>The titles of the regulation&apos;s own rulesets (their TOML ``title``), for translation. A house ruleset&apos;s title is the house&apos;s own words and is shown as written.</extracomment>
        <translation>輪盤（單零）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Craps (Portaria n.º 97/85/M)</source>
        <translation>花旗骰（第97/85/M號訓令）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Craps line bets (Despacho n.º 53/2010, payout table pending Art. 6)</source>
        <translation>花旗骰過線注（第53/2010號批示；第六條賠率表尚未存檔）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sic Bo (house pay table)</source>
        <translation>骰寶（賭場派彩表）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Baccarat</source>
        <translation>百家樂</translation>
    </message>
</context>
<context>
    <name>instructor</name>
    <message>
        <location filename="../../ui/instructor/menu.py" line="+55"/>
        <source>&amp;Instructor</source>
        <translation>導師(&amp;I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Instructor views…</source>
        <translation>導師介面(&amp;I)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Lock the instructor views</source>
        <translation>鎖上導師介面(&amp;L)</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Instructor views</source>
        <translation>導師介面</translation>
    </message>
</context>
<context>
    <name>reports</name>
    <message>
        <location filename="../../reports/charts.py" line="+88"/>
        <source>No answers in this period.</source>
        <translation>此期間沒有答案。</translation>
    </message>
    <message>
        <location filename="../../reports/text.py" line="+72"/>
        <location filename="../../ui/drills/answer_words.py" line="-26"/>
        <source>no answer in time</source>
        <translation>未在時限內作答</translation>
    </message>
    <message>
        <location filename="../../reports/pdf.py" line="-393"/>
        <source>%1 to %2 · made %3 by %4</source>
        <translation>%1至%2 · %4於%3製作</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1 answers on %2 days · %3 correct · typical time %4</source>
        <translation>%2日內作答%1次 · 答對%3 · 一般用時%4</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Accuracy per day</source>
        <translation>每日準確率</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Typical time per answer, per day</source>
        <translation>每日每題一般用時</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Skills, weakest first</source>
        <translation>技能（最弱的排先）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+209"/>
        <source>Answers</source>
        <translation>作答數</translation>
    </message>
    <message>
        <location line="-208"/>
        <location line="+209"/>
        <source>Accuracy</source>
        <translation>準確率</translation>
    </message>
    <message>
        <location line="-208"/>
        <location line="+209"/>
        <source>Typical time</source>
        <translation>一般用時</translation>
    </message>
    <message>
        <location line="-561"/>
        <source>page %1 of %2</source>
        <extracomment>Latin faces for the report text, the first installed is used. Not the app&apos;s CJK fallback: its digits reach the PDF without their text (a report must be searchable); Chinese names still print, Qt falls back per character.</extracomment>
        <translation>第 %1 頁，共 %2 頁</translation>
    </message>
    <message>
        <location line="+353"/>
        <source>Target time</source>
        <translation>目標時間</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Target time: what a trained dealer needs for one item of the skill at the intermediate level, the drills&apos; timed target.</source>
        <translation>目標時間：受過訓練的荷官在中級程度完成該技能一題所需的時間，即計時練習的目標。</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Training report: %1</source>
        <translation>培訓報告：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+173"/>
        <source>Exams</source>
        <translation>考試</translation>
    </message>
    <message>
        <location line="-168"/>
        <source>not taken yet</source>
        <translation>尚未應考</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>passed</source>
        <translation>合格</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>不合格</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+164"/>
        <source>Exam</source>
        <translation>考試</translation>
    </message>
    <message>
        <location line="-163"/>
        <source>Assigned</source>
        <translation>指派日期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Taken</source>
        <translation>應考日期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+165"/>
        <source>Pass mark</source>
        <translation>合格分數</translation>
    </message>
    <message>
        <location line="-164"/>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No exam assigned.</source>
        <translation>未有指派考試。</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>Cohort report</source>
        <translation>學員組別報告</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Group report: %1 (started %2)</source>
        <translation>班級報告：%1（%2 開課）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Trainees, lowest accuracy first</source>
        <translation>學員（準確率最低的排先）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source> (archived)</source>
        <translation>（已封存）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Trainee</source>
        <translation>學員</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff no.</source>
        <translation>員工編號</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Days</source>
        <translation>日數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last active</source>
        <translation>最後練習</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weakest skill</source>
        <translation>最弱技能</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>No exam set.</source>
        <translation>未設任何考試。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Set on</source>
        <translation>設定日期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Assigned to</source>
        <translation>指派人數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sat it</source>
        <translation>應考人數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Passed</source>
        <translation>合格</translation>
    </message>
</context>
<context>
    <name>sandbox</name>
    <message>
        <location filename="../../ui/sandbox/panel.py" line="+78"/>
        <source>%1: the odds would win more than the bet they back.</source>
        <extracomment>The panel&apos;s width beside the felt (device-independent pixels). Why the rules core refused a bet, by its code (its own sentence is English and names ids).</extracomment>
        <translation>%1：附加注贏得的金額會多於其所附的注碼。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+1"/>
        <source>%1: the odds are over their limit.</source>
        <translation>%1：附加注超過其上限。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: not accepted while no point is on.</source>
        <translation>%1：未有點數時不接受。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: made before a come-out roll only, and a point is on (an interpretation: the text decides the bet on its first throw and does not say when it may be made).</source>
        <translation>%1：只可在首擲前下注，而現時已有點數（這是解釋：條文在第一擲決定該注，沒有說明何時可以下注）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: no odds on a come-out roll.</source>
        <translation>%1：開局擲骰時不可下附加注。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: a come bet cannot lie on the point&apos;s own number while that point is on (the throw that took it there decided the point).</source>
        <translation>%1：點數仍在時，「來」注不能停在該點數上（把它帶到該數的那一擲已決定了點數）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: there is no bet for these odds to back.</source>
        <translation>%1：沒有可供此附加注附上的注碼。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: a box plays only with an ante on it.</source>
        <translation>%1：每門必須先下原注才可參與。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: the raise is exactly twice the ante.</source>
        <translation>%1：加注必須剛好是原注的兩倍。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: over the table&apos;s maximum for this bet.</source>
        <translation>%1：超過本檯此注的最高限額。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: under the table&apos;s minimum for this bet.</source>
        <translation>%1：低於本檯此注的最低限額。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: the house does not offer this bet.</source>
        <translation>%1：本場不設此注。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: the ruleset does not allow this bet.</source>
        <translation>%1：此規則不容許此注。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <source>%1: not accepted at this moment of the game.</source>
        <translation>%1：遊戲此時不接受此注。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: the rules refuse this bet.</source>
        <translation>%1：規則不接受此注。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No box has an ante: every box first bets the ante (%1). Place an ante, then settle.</source>
        <extracomment>Why the felt&apos;s bets make no round at all, by the sandbox&apos;s code (%1: the article).</extracomment>
        <translation>沒有任何一門下了原注：首先各門須下原注（%1）。請先下原注，再結算。</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Choose the winning number: type it, click it on the felt, or spin at random.</source>
        <translation>請選擇中獎號碼：輸入號碼、在檯面上點選，或隨機轉動。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is not a number of this wheel (0 to %2).</source>
        <translation>%1 不是此輪盤上的號碼（0 至 %2）。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Winning &amp;number:</source>
        <translation>中獎號碼(&amp;N)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spin at rando&amp;m</source>
        <translation>隨機轉動(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Or click a number on the felt.</source>
        <translation>或在檯面上點選號碼。</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Puc&amp;k (point):</source>
        <translation>點數標記(&amp;K)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OFF (come-out roll)</source>
        <translation>OFF（開局擲骰）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source>Dic&amp;e:</source>
        <translation>骰子(&amp;E)：</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>T&amp;hrow at random</source>
        <translation>隨機擲骰(&amp;H)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>S&amp;hake at random</source>
        <translation>隨機搖骰(&amp;H)</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>The dealer&apos;s hand</source>
        <translation>莊家的牌</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Box %1</source>
        <translation>第 %1 門</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 has %2 cards: five are dealt (e.g. AS KD 7C 5H 2S), or deal at random.</source>
        <translation>%1 有 %2 張牌：每手派五張（例如 AS KD 7C 5H 2S），或隨機派牌。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: %2 is not a card (rank A K Q J T 9 … 2, then suit S H C D).</source>
        <translation>%1：%2 不是一張牌（先點數 A K Q J T 9 … 2，後花色 S H C D）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: %2 is dealt twice (also in %3).</source>
        <translation>%1：%2 派了兩次（%3 也有）。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>De&amp;aler:</source>
        <translation>莊家(&amp;A)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Box %1:</source>
        <translation>第 %1 門：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;eed:</source>
        <translation>種子(&amp;E)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deal at rando&amp;m</source>
        <translation>隨機派牌(&amp;M)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Five cards each, rank then suit: AS KD 7C 5H 2S (T is a ten).</source>
        <translation>每手五張，先點數後花色：AS KD 7C 5H 2S（T 即 10）。</translation>
    </message>
    <message>
        <location line="+200"/>
        <source>There are no bets on the felt: place chips, then settle.</source>
        <extracomment>The felt was settled again (the answer on show changed). The answer was taken off the felt: placing bets again.</extracomment>
        <translation>檯面上沒有注碼：請先放籌碼，再結算。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The rules core cannot settle this outcome: choose another.</source>
        <translation>規則核心無法結算此結果：請另選結果。</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>Collected: %1</source>
        <translation>收注：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Paid: %1</source>
        <translation>派彩：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The house&apos;s net: %1</source>
        <translation>莊家淨額：%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No step: nothing on the felt is decided.</source>
        <translation>沒有步驟：檯面上沒有注碼有結果。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Step %1 of %2: %3 (%4)</source>
        <translation>第 %1 步（共 %2 步）：%3（%4）</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>The ball rests on %1.</source>
        <translation>波停在 %1。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the point is %1</source>
        <translation>點數是 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a come-out roll</source>
        <translation>開局擲骰</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Thrown: %1 = %2, %3.</source>
        <translation>擲出：%1 = %2，%3。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The dice: %1 (total %2).</source>
        <translation>骰子：%1（總點數 %2）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The hands are shown down.</source>
        <translation>各手牌已開牌。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Not settled:</source>
        <translation>未結算：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Steps with the same number may be done in any order among themselves.</source>
        <translation>編號相同的步驟之間可按任何次序進行。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Interpretation (the order of lines, streets and corners): an order either official text of Art. 5(1) allows is right; the list follows the Portuguese text.</source>
        <translation>解釋（六門、三門一列及四門騎的次序）：第五條第一款任一官方文本容許的次序均屬正確；本表依葡文文本。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Interpretation (Big bets, Arts. 9 to 11): a Big bet that is not a whole number of blocks (6 units on Big 6 and 8, 5 on the others) is paid by the block as the text says, and the rest 1 to 1.</source>
        <translation>解釋（大注，第九條至第十一條）：大注若非整數個單位組（大6及大8為6個單位，其他為5個單位），按條文以單位組派彩，餘數一賠一。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>House procedure: every losing bet is collected before any is paid; the regulation sets no order of settlement.</source>
        <translation>場內程序：先收取所有輸注，才派任何彩；規章未定結算次序。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>House procedure: the decided bets are settled in any order.</source>
        <translation>場內程序：有結果的注碼可按任何次序結算。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>House pay table: Sic Bo&apos;s regulation is not on file. Losers are collected first (table procedure), then the winners in the house&apos;s order.</source>
        <translation>場內賠率表：骰寶的規章未有存檔。先收輸注（檯面程序），再按場內次序派彩。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Table procedure: the regulation sets no order for the antes and raises; progressive awards come after them, in the order of Art. 10(4).</source>
        <translation>檯面程序：規章未定原注及加注的次序；累進大獎其後派發，依第十條第四款的次序。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Interpretation (Art. 6(7)): a folded box&apos;s cards are collected unopened with its ante, so it cannot win the progressive.</source>
        <translation>解釋（第六條第七款）：放棄的一門，其牌連同原注不翻開即被收走，故不能贏得累進大獎。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A progressive stake has no step of its own: it is not collected or returned by the dealer.</source>
        <translation>累進大獎注碼本身沒有步驟：荷官不收取亦不退回。</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Place bets on the felt, choose the outcome, then Settle: the rules core settles every bet and lists the dealer&apos;s steps.</source>
        <translation>在檯面上下注，選擇結果，然後按「結算」：規則核心結算每一注，並列出荷官的步驟。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>What if: settle the felt</source>
        <translation>假如：結算檯面</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The outcome</source>
        <translation>結果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settle</source>
        <translation>結算(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Back to placing bets</source>
        <translation>返回下注(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The dealer&apos;s ste&amp;ps:</source>
        <translation>荷官的步驟(&amp;P)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previo&amp;us step</source>
        <translation>上一步(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ne&amp;xt step</source>
        <translation>下一步(&amp;X)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>lost: to collect</source>
        <extracomment>What each ring on the felt says (the overlay&apos;s colours and styles).</extracomment>
        <translation>輸：收注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>won: the payout beside it</source>
        <translation>贏：彩金放在旁邊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>returned</source>
        <translation>退回</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>moves to its come point</source>
        <translation>移到其「來」點數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no decision: stays</source>
        <translation>未有結果：留在檯上</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not allowed: not settled</source>
        <translation>不容許：不結算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the step chosen</source>
        <translation>所選步驟</translation>
    </message>
</context>
<context>
    <name>stage</name>
    <message>
        <location filename="../../ui/drills/stage.py" line="+105"/>
        <source>a bet of a kind this version does not know</source>
        <extracomment>The drill level that made the item, when stored (the chips of its float), else none.</extracomment>
        <translation>此版本不認識的注項類別</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 (%2) is not on this felt</source>
        <translation>%1（%2）不在此檯面上</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: %2 cannot be made with the table&apos;s chips</source>
        <translation>%1：%2無法用此檯的籌碼組成</translation>
    </message>
    <message>
        <location line="+73"/>
        <location line="+9"/>
        <source>The recorded situation has no table to draw.</source>
        <translation>記錄的情況沒有可繪畫的檯面。</translation>
    </message>
</context>
<context>
    <name>storage</name>
    <message>
        <location filename="../../ui/window/app_store.py" line="+134"/>
        <source>Each person signs in with their own login on this training centre&apos;s server: the records open when someone signs in.</source>
        <extracomment>Opens the records as one person: login, password, progress (server mode). ``storage.engine.DB_URL_ENV``, read here without loading storage (SQLAlchemy) at start-up. ``storage.engine.UNVERIFIED_LAB_ENV``, the lab&apos;s switch, read here the same way.</extracomment>
        <translation>每人在本培訓中心的伺服器上以自己的登入名稱登入：有人登入後才會開啟記錄。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The records are still being opened: try again in a moment.</source>
        <translation>記錄仍在開啟中，請稍後再試。</translation>
    </message>
    <message>
        <location line="+166"/>
        <location line="+42"/>
        <source>The records could not be opened: %1</source>
        <extracomment>The house rulesets of ``rulesets`` changed (loaded from the database). What opening is waiting for, in a sentence (a lock held elsewhere). The store is open: screens may use it now. Opening failed: the sentence says why and what to do. The daily backup work after opening is done (``store().problems`` has its outcome). Server mode: the records opened as this ``Person``, who is signed in. Server mode: the sign-in failed; the ``StorageError`` says why (never the password). The rulesets the app knows: the shipped ones, and the house rulesets the records keep (given again whenever they are read); handed to every screen that looks a ruleset up by id. Why a kept house ruleset cannot be used here, one sentence each.</extracomment>
        <translation>無法開啟記錄：%1</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>The daily backup could not be made: %1</source>
        <translation>無法製作每日備份：%1</translation>
    </message>
</context>
<context>
    <name>studdeal</name>
    <message>
        <location filename="../../ui/table/stud_calls.py" line="+24"/>
        <source>Out of order: this card goes to %1. From the shoe: one card at a time to each box with a bet, left to right, the dealer last; from the machine: five at once.</source>
        <translation>次序錯誤：這張牌應派給%1。用派牌盒：由左至右每次一張派給每一門已下注者，莊荷最後；用洗牌機：每次五張。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The first card is dealt: a progressive bet is refused now.</source>
        <translation>第一張牌已派出：此時不再接受累進大獎的投注。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No card is dealt yet: the progressive bet is accepted.</source>
        <translation>仍未派牌：累進大獎的投注應予接受。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Refuse it: the raise is exactly twice the ante, %2, not %1.</source>
        <translation>應予拒絕：加注必須剛好是原注的兩倍，即 %2，而不是 %1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is exactly twice the ante: the raise is accepted.</source>
        <translation>%1 剛好是原注的兩倍：加注應予接受。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The dealer&apos;s hand %1: it needs at least an ace and a king, or any pair or better (the standard reading of Art. 9(1): an interpretation, a setting of the ruleset).</source>
        <translation>莊荷的牌%1：須至少有一張A和一張K，或任何一對或以上（第九條（一）項的通常解讀：屬詮釋，為規則集的一項設定）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not now: %1</source>
        <translation>現在不是時候：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Box %1 offers a progressive bet.</source>
        <extracomment>What each moment waits for, in words (the prompt, and &quot;not now&quot;).</extracomment>
        <translation>第%1門想投注累進大獎。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deal: click the box the next card goes to, or press its number (0: dealer).</source>
        <translation>派牌：按下一張牌應派給的一門，或按其號碼（0：莊荷）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Deal from the machine: click the box the next five cards go to, or press its number (0: dealer).</source>
        <translation>用洗牌機派牌：按下五張牌應派給的一門，或按其號碼（0：莊荷）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The deal stops: rule the irregularity (Art. 11) above.</source>
        <translation>派牌暫停：請在上方就違規情況作出裁定（第十一條）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Box %1 raises %2 on an ante of %3.</source>
        <translation>第%1門原注 %3，加注 %2。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Box %1 folds: collect its cards and its ante (C or Enter).</source>
        <translation>第%1門放棄：收回其牌及原注（C 或 Enter）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The dealer&apos;s hand is turned: does it qualify? (Q: yes, W: no)</source>
        <translation>莊荷的牌已揭開：是否合資格？（Q：是，W：否）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>box %1&apos;s progressive bet is answered first.</source>
        <translation>須先處理第%1門的累進大獎投注。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the cards are dealt first.</source>
        <translation>須先派牌。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the irregularity is ruled first.</source>
        <translation>須先就違規情況作出裁定。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>box %1&apos;s raise is answered first.</source>
        <translation>須先處理第%1門的加注。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>box %1&apos;s fold is collected first.</source>
        <translation>須先收回第%1門放棄的牌及原注。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the dealer&apos;s qualification is called first.</source>
        <translation>須先宣佈莊荷是否合資格。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the dealer</source>
        <translation>莊荷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>box %1</source>
        <translation>第%1門</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Card to the dealer</source>
        <translation>派牌給莊荷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Card to box %1</source>
        <translation>派牌給第%1門</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Progressive bet of box %1 accepted</source>
        <translation>接受第%1門的累進大獎投注</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Progressive bet of box %1 refused</source>
        <translation>拒絕第%1門的累進大獎投注</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Raise of box %1 accepted</source>
        <translation>接受第%1門的加注</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Raise of box %1 refused</source>
        <translation>拒絕第%1門的加注</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The dealer qualifies</source>
        <translation>莊荷合資格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The dealer does not qualify</source>
        <translation>莊荷不合資格</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>qualifies</source>
        <translation>合資格</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>does not qualify</source>
        <translation>不合資格</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the cards are out and the dealer has called.</source>
        <translation>牌已派完，莊荷亦已宣佈。</translation>
    </message>
    <message>
        <location filename="../../ui/table/stud_deal.py" line="-331"/>
        <source>The round is over.</source>
        <extracomment>The answers in one row: a box each and the dealer while dealing (seven boxes at most).</extracomment>
        <translation>該局已完結。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The round is void (Art. 11): return every ante; the progressive bets stay.</source>
        <translation>該局無效（第十一條）：退回每門原注；累進大獎的投注保留。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The showdown: settle each box (Art. 9).</source>
        <translation>比牌：結算每一門（第九條）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The showdown: settle each box (Art. 9), then the progressive awards (Art. 10).</source>
        <translation>比牌：先結算每一門（第九條），再派累進大獎（第十條）。</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Box %1 (%1)</source>
        <translation>第%1門（%1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dealer (0)</source>
        <translation>莊荷（0）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Accept the bet (A)</source>
        <translation>接受投注（A）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refuse the bet (X)</source>
        <translation>拒絕投注（X）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Accept the raise (A)</source>
        <translation>接受加注（A）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refuse the raise (X)</source>
        <translation>拒絕加注（X）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Collect the cards and the ante (C)</source>
        <translation>收回牌及原注（C）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Qualifies (Q)</source>
        <translation>合資格（Q）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Does not qualify (W)</source>
        <translation>不合資格（W）</translation>
    </message>
    <message>
        <location line="+215"/>
        <source>The round is void: the cards are collected.</source>
        <translation>該局無效：收回所有牌。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No card is dealt yet.</source>
        <translation>仍未派牌。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cards dealt: %1 of %2</source>
        <translation>已派牌：%2 張中的 %1 張</translation>
    </message>
</context>
<context>
    <name>table</name>
    <message>
        <location filename="../../ui/table/bets.py" line="+36"/>
        <source>red chips</source>
        <extracomment>The roulette colour chips&apos; names (the engine&apos;s ``COLOURS``).</extracomment>
        <translation>紅色籌碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>blue chips</source>
        <translation>藍色籌碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>green chips</source>
        <translation>綠色籌碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>yellow chips</source>
        <translation>黃色籌碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>purple chips</source>
        <translation>紫色籌碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>orange chips</source>
        <translation>橙色籌碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>white chips</source>
        <translation>白色籌碼</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 — %2</source>
        <extracomment>How the colour chips are drawn (a ring round the bet&apos;s stack).</extracomment>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>seat %1</source>
        <translation>第%1座位</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>House procedure: the Sic Bo regulation&apos;s articles are not on file.</source>
        <translation>賭場程序：骰寶規章的條文未存檔。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Table procedure, not in the regulation.</source>
        <translation>檯面程序，規章未有規定。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Marker on %1</source>
        <translation>標記放在%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collect %1</source>
        <translation>收取%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay %1: %2</source>
        <translation>派彩%1：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return %1</source>
        <translation>退回%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move %1 to %2</source>
        <translation>把%1移至%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progressive award, %1: %2</source>
        <translation>累進大獎，%1：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Round settled</source>
        <translation>本局已結算</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+59"/>
        <source>a bet</source>
        <translation>一注</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>The marker goes on the winning number first.</source>
        <extracomment>What the plan wanted of a bet, said when the trainee did something else to it.</extracomment>
        <translation>先把標記放在中獎號碼上。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 lost: it is collected, not paid.</source>
        <translation>%1輸了：應收注，不應派彩。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 won: it is paid, not collected.</source>
        <translation>%1贏了：應派彩，不應收注。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is returned to the player.</source>
        <translation>%1應退回給玩家。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 moves to its come point.</source>
        <translation>%1應移至其點數。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 wins a progressive award.</source>
        <translation>%1贏得累進大獎。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not yet: collect %3 first; every losing bet is collected before any is paid.</source>
        <translation>還未到：先收去%3；所有輸的投注都要先收，才可賠任何投注。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Out of turn: %3 comes before %1.</source>
        <translation>次序不對：%3要在%1之前。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 ties on 12: the tie decides nothing, so it stays where it is, untouched (nothing collected, paid or handed back).</source>
        <extracomment>A Don&apos;t bet that ties on 12 on its first throw (Art. 3(1) «empatando»).</extracomment>
        <translation>%1遇12和局：和局不決定任何結果，所以留在原位，不動（不收、不賠、不退）。</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>another bet</source>
        <translation>另一注</translation>
    </message>
    <message>
        <location line="-56"/>
        <source>%1 is not paid %2: count the payout again.</source>
        <translation>%1的派彩不是%2：請重新計算。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is settled already.</source>
        <translation>%1已結算。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 stays on the table: this throw decides nothing for it.</source>
        <translation>%1留在檯上：這一擲對它沒有結果。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 needs nothing from the dealer now.</source>
        <translation>%1現在無需荷官處理。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>That bet is not on the table.</source>
        <translation>檯上沒有這一注。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The marker goes on the winning number.</source>
        <translation>標記應放在中獎號碼上。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 moves to its come point, the number thrown.</source>
        <translation>%1應移至其點數，即擲出的點數。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bets are paid together only when they are one player&apos;s.</source>
        <translation>只有同一玩家的注碼才可一併派彩。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not finished: %1 is still to settle.</source>
        <translation>尚未完成：%1仍未結算。</translation>
    </message>
    <message>
        <location line="+26"/>
        <location line="+14"/>
        <source>the marker</source>
        <translation>標記</translation>
    </message>
    <message>
        <location line="-4"/>
        <location filename="../../ui/table/stud_calls.py" line="-20"/>
        <source>This step is not right.</source>
        <translation>這一步不正確。</translation>
    </message>
    <message>
        <location filename="../../ui/table/screen.py" line="+147"/>
        <source>Table · Practice</source>
        <translation>賭檯 · 練習</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table · Timed</source>
        <translation>賭檯 · 計時</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table · Exam</source>
        <translation>賭檯 · 考試</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 spins an hour</source>
        <extracomment>Where the table remembers whether it was last played timed (QSettings). The pace in words, per game: one round of the table is a spin, a throw or a round.</extracomment>
        <translation>每小時%1局</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>%1 throws an hour</source>
        <translation>每小時擲骰%1次</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>%1 rounds an hour</source>
        <translation>每小時%1局</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Target: %1 spins an hour</source>
        <translation>目標：每小時%1局</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>Target: %1 throws an hour</source>
        <translation>目標：每小時擲骰%1次</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Target: %1 rounds an hour</source>
        <translation>目標：每小時%1局</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ahead of the target of %1</source>
        <translation>快過目標%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>at the target of %1</source>
        <translation>達到目標%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>behind the target of %1</source>
        <translation>慢過目標%1</translation>
    </message>
    <message>
        <location line="+48"/>
        <location line="+3"/>
        <source>Add a chip of %1</source>
        <translation>加一枚%1籌碼</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Empty the float</source>
        <translation>清空籌碼盤</translation>
    </message>
    <message>
        <location line="+257"/>
        <source>Give up this round?</source>
        <extracomment>An assigned exam&apos;s rounds (``ui.exams.sitting``): no practice before or after, and its sitting shows the results once the last round is over (the screen closes). The question open now (giving up a round not settled), ``None`` when none is. Caribbean Stud: the deal before the showdown (its own module).</extracomment>
        <translation>放棄本局？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This round is not settled yet. Give it up and deal the next one?</source>
        <translation>本局尚未結算。要放棄本局並發下一局嗎？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Give up the round</source>
        <translation>放棄本局(&amp;G)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Keep dealing</source>
        <translation>繼續本局(&amp;K)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The steps not done count as missed in the exam&apos;s score.</source>
        <translation>未完成的步驟在考試成績中計為遺漏。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The steps not done count as missed, and the round counts as given up, not settled: the pace counts its time, not a round.</source>
        <translation>未完成的步驟計為遺漏，本局計為放棄而非已結算：節奏只計其用時，不計為一局。</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>The marker</source>
        <translation>標記</translation>
    </message>
    <message>
        <location line="+162"/>
        <source>No bet in hand: click a bet or press Tab.</source>
        <translation>未選注碼：點選一注或按 Tab。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Paying %1: %2</source>
        <translation>派彩%1：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>In hand: %1</source>
        <translation>處理中：%1</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Take a bet in hand first: click it or press Tab.</source>
        <translation>請先選一注：點選或按 Tab。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Put the payout in the float first: chips or digits.</source>
        <translation>請先在籌碼盤砌好派彩：點籌碼或輸入數字。</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>The round is settled, but its end was not recorded: %1</source>
        <translation>本局已結算，但結束未有記錄：%1</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Round settled. Steps: %1 · mistakes: %2 · time: %3</source>
        <translation>本局已結算。步驟：%1 · 錯誤：%2 · 時間：%3</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+49"/>
        <source>Next round: N or Enter.</source>
        <translation>下一局：按 N 或 Enter。</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Round %1 of %2 is over.</source>
        <translation>第%1局（共%2局）已完結。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The results: N or Enter.</source>
        <translation>查看結果：按 N 或 Enter。</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>The round&apos;s time</source>
        <translation>本局用時</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The table&apos;s pace: rounds settled an hour over the rounds&apos; own times; the target is the house&apos;s (a ruleset setting), not the regulation&apos;s.</source>
        <translation>賭檯節奏：按各局本身的用時計算每小時結算的局數；目標是娛樂場自定的（規則集設定），並非法定規章所定。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>1 round given up</source>
        <translation>放棄 1 局</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 rounds given up</source>
        <translation>放棄 %1 局</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>This step was not recorded, so it does not count: %1</source>
        <translation>此步驟未能記錄，故不計算：%1</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Round %1 of %2</source>
        <translation>第%1局，共%2局</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Round %1</source>
        <translation>第%1局</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The ball is in %1.</source>
        <translation>波子落在%1。</translation>
    </message>
    <message>
        <location filename="../../ui/table/craps_hand.py" line="+24"/>
        <source>Point %1 — throw %2 of this shooter</source>
        <translation>點數%1 — 此擲骰者第%2擲</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Come-out roll — new shooter</source>
        <translation>開局擲骰 — 新擲骰者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Come-out roll — throw %1 of this shooter</source>
        <translation>開局擲骰 — 此擲骰者第%1擲</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Seven-out: new shooter.</source>
        <translation>擲出七點出局：換新擲骰者。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Point made: the puck goes OFF; a come-out roll next.</source>
        <translation>擲中點數：點數標記翻到「關」，下一擲為開局擲骰。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The point is %1: the puck goes ON.</source>
        <translation>點數為%1：點數標記翻到「開」。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The throw: %1 and %2, %3.</source>
        <translation>擲出：%1及%2，共%3。</translation>
    </message>
    <message>
        <location filename="../../ui/table/screen.py" line="+10"/>
        <source>The dice: %1, %2 and %3, a total of %4.</source>
        <translation>骰子：%1、%2、%3，共 %4 點。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Exam…</source>
        <translation>考試…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sit an exam of rounds: no verdict while you deal, the score and each round&apos;s replay at the end</source>
        <translation>進行一組牌局的考試：發牌期間不顯示對錯，完結後顯示得分及每局的重播</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Timed</source>
        <translation>計時</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the round&apos;s time and the table&apos;s pace against the house&apos;s target</source>
        <translation>顯示本局用時及賭檯節奏與娛樂場目標的比較</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>End</source>
        <translation>結束</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps</source>
        <translation>步驟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collect (C)</source>
        <translation>收注 (C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay ↵</source>
        <translation>派彩 ↵</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return (R)</source>
        <translation>退回 (R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move to the point (M)</source>
        <translation>移至點數 (M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Place the marker (M)</source>
        <translation>放置標記 (M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progressive award (P)</source>
        <translation>累進大獎 (P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Round settled (S)</source>
        <translation>本局已結算 (S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next round (N)</source>
        <translation>下一局 (N)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Tab: next bet · click chips or type the amount, Backspace takes back · Enter or a click on the bet places the payout beside it</source>
        <translation>Tab：下一注 · 點籌碼或輸入金額，Backspace 取回 · Enter 或點選該注，把派彩放在注碼旁</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Live table</source>
        <translation>模擬賭檯</translation>
    </message>
    <message>
        <location filename="../../ui/table/still_to_settle.py" line="+160"/>
        <source>The round is over.</source>
        <translation>該局已完結。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every bet is dealt with: S declares the round settled.</source>
        <translation>所有注碼均已處理：按 S 宣告本局已結算。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Nothing left to settle: S declares the round settled.</source>
        <translation>沒有尚待結算的注碼：按 S 宣告本局已結算。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not dealt with yet: %1</source>
        <translation>尚未處理：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Still to settle: %1</source>
        <translation>尚待結算：%1</translation>
    </message>
</context>
</TS>
