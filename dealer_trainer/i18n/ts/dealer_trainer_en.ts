<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name></name>
    <message>
        <location filename="../../drills/caribbean_stud.py" line="+55"/>
        <source>royal flush (黃袍麒)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>straight flush (同花順)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+13"/>
        <source>four of a kind (四條)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-12"/>
        <source>full house (夫盧)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>flush (同花)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>straight (順)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+13"/>
        <source>three of a kind (三條)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-12"/>
        <location line="+13"/>
        <source>two pairs (兩對)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-12"/>
        <location line="+13"/>
        <source>one pair (一對)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-12"/>
        <location line="+13"/>
        <source>high card (五張散牌)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+148"/>
        <source>What is this hand: {cards}?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{cards}: {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Hand A: {cards}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hand B: {cards}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A tie: the hands push</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Which hand wins?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+142"/>
        <source>The dealer qualifies: open the players&apos; cards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The dealer does not qualify: pay every ante 1 to 1 and return every raise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The dealer turns over {cards}. Does the dealer qualify?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>it qualifies (at least A and K, or a pair or better).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+82"/>
        <source>qualifies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>does not qualify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Ante {ante} wins {win} (1 to 1); the raise of {raised} is returned (Art. 9(2)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+50"/>
        <location filename="../../drills/craps.py" line="+190"/>
        <location filename="../../drills/roulette.py" line="+120"/>
        <location filename="../../drills/sic_bo.py" line="+208"/>
        <source>Total to pay: {total}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-1"/>
        <source>The dealer&apos;s hand is higher: collect the ante and the raise (Art. 9(4)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-333"/>
        <source>Art. 8 decides for the other hand. {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Class first: the higher class of Art. 8 wins, whatever the cards in it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Two royal flushes: the higher suit wins (♠ &gt; ♥ &gt; ♣ &gt; ♦) (Art. 8(1)).</source>
        <extracomment>Art. 8, item by item: how two hands of the same class are compared.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two straight flushes: the higher top card wins (K-Q-J-10-9 the highest, 5-4-3-2-A the lowest); equal ranks: the higher suit (Art. 8(2)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Two fours of a kind: the higher four wins; the fifth card does not count (Art. 8(3)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two full houses: the higher three of a kind wins; the pair does not count (Art. 8(4)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two flushes: the highest cards are compared, then the next highest, and so on; all equal: the higher suit (Art. 8(5)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Two straights: the higher top card wins (5-4-3-2-A is the lowest, its top card the 5); equal ranks: the suit of the highest card (Art. 8(6)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Two threes of a kind: the higher three wins; the two odd cards do not count (Art. 8(7)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two pairs against two pairs: the higher pair first, then the lower pair, then the odd card; all equal: the suit of the higher pair (Art. 8(8)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Pair against pair: the pair&apos;s rank first, then the odd cards from the highest down; all equal: the suit of the pair (Art. 8(9)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Five odd cards: the highest cards are compared, then the next highest, and so on; all equal: the suit of the highest card (Art. 8(10)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>hand A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>hand B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{rule} Same ranks, so the suit decides: {hand} has the {card}, the other hand the {other}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{rule} Compared in that order, hand A has {ranks_a} and hand B has {ranks_b}: {hand} wins.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Art. 9(1) asks the dealer to hold at least an ace and a king, and Art. 9(3) opens the boxes when the dealer&apos;s hand is the same or greater: the dealer qualifies with A-K high or any pair or better.</source>
        <extracomment>Art. 9(1), (3), as the ruleset&apos;s setting ``dealer_qualification`` reads them.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>{cards} holds no pair and not both an ace and a king: the dealer does not qualify (Art. 9(1)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>it does not qualify (no pair, and not both an ace and a king).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>a royal flush&apos;s raise pays {ratio} to 1 here: Art. 9(5)(9) lets the house choose from 50 to 1 up to 100 to 1, with the approval of the DICJ (Art. 13).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+111"/>
        <source>Same ranks: under this house&apos;s rule the ante and the raise are returned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>equal ranks push here, where Art. 8 would let the suit decide.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Box 4 raised on an ante of {ante}. How much do you pay box 4? (Stakes returned are not part of the payout.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Does the dealer qualify? Then who wins? Then the raise by the pay table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Pool before the round: {pool}.</source>
        <extracomment>The minimum the pool restarts from once a royal flush takes it (Art. 10(8)).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Pool after the round: {after} (a royal flush took it: it restarts at its minimum).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Straight flush: 10% of the pool as it stood before the round&apos;s first award, or the fixed award, the higher; royal flush: the pool the straight flushes left, or the fixed award, the higher; four of a kind, full house, flush: the fixed award.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Straight flush: 10% of the pool as it stands, or the fixed award, the higher; royal flush: the pool or the fixed award, the higher; four of a kind, full house, flush: the fixed award.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Paid in the order {order}: box by box from the dealer&apos;s left (Art. 10(4)), the royal flush after every other award (Art. 10(7)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Paid in the order {order}: box by box from the dealer&apos;s left (Art. 10(4)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Box {box}, {name}: 10% of {base} = {award}, more than the fixed award; the pool goes from {before} to {after}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Box {box}, {name}: the fixed award, {award} (10% of {base} is not more); paid by the house, the pool stays at {after}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Box {box}, {name}: the pool, {award}, more than the fixed award.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Box {box}, {name}: the fixed award, {award} (the pool, {before}, is not more); paid by the house, the pool stays at {after}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Box {box}, {name}: the fixed award, {award}, paid by the house; it leaves the pool as it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Art. 10(6), 「各得“累進大獎”之一成」: each straight flush of the round receives 10% of the same jackpot, the pool as it stood before the round&apos;s first award.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Art. 10(6): each straight flush receives 10% of the pool as the previous award left it (this house&apos;s setting).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Art. 10(7): every royal flush is paid after all other awards of the round and takes the pool as they left it (this house&apos;s setting).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>An award paid at its fixed amount is paid by the house and leaves the pool as it is; only a share of the pool reduces it (Art. 10(8)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>When the share of the pool equals the fixed award, the fixed award is paid, by the house, and the pool stays.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A share of the pool is rounded down to the cent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-227"/>
        <source>Pool after the round: {after}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The progressive is paid on the player&apos;s hand alone, whether or not the dealer qualifies (Art. 10(2)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>When a royal flush takes the pool, the pool restarts at its minimum, {minimum} (Art. 10(8)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The progressive pool shows {pool}. Every box bet the progressive. What does box {box} receive from the progressive?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+197"/>
        <source>While dealing from the shoe you expose one player&apos;s card by mistake.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>While dealing from the shoe you expose one of the dealer&apos;s own cards by mistake.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>While dealing you expose two cards by mistake.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>You deal a hand to box 5, where nobody has bet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shuffling machine jams halfway through the deal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Box 2 has received six cards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>You dealt the dealer&apos;s cards first, before the boxes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>The round is void: antes and raises are returned, progressive bets carry over to the next round, bets are placed again and the cards dealt again.</source>
        <extracomment>The rulings a misdeal item offers (Art. 11), by key.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The round stands and play goes on as usual.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The round stands; the exposed dealer&apos;s card stays up and the dealer&apos;s other cards, the fifth included, are dealt face down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>That hand is dead; the round goes on as usual.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The round is void and every bet is returned, the progressive bets included.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-28"/>
        <source>{situation} What does the regulation rule?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-930"/>
        <source>a royal flush (黃袍麒)</source>
        <extracomment>The hand classes as a sentence names a hand: &quot;Dealer: …, two pairs (兩對)&quot;, &quot;is a flush (同花)&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a straight flush (同花順)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a full house (夫盧)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a flush (同花)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a straight (順)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+135"/>
        <source>This hand is {name}, not {wrong} (Art. 8).</source>
        <extracomment>Hand classes high to low (Art. 8 order). Hand classes to draw, by difficulty (rare ones are made on purpose).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+141"/>
        <source>Both hands hold {name} with the same ranks: under this house&apos;s rule the hands push.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The class decides first (Art. 8): {better} beats {worse}; {hand} wins.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+90"/>
        <source>{cards} is {name}: A-K high or any pair or better qualifies (Art. 9(1), (3)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>{cards} is {name}: {verdict}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+39"/>
        <source>the raise of four of a kind, a straight flush or a royal flush may not exceed the maximum payout per round the house posts (Art. 9(5)(7)-(9)); this table posts none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the raise of four of a kind, a straight flush or a royal flush may not exceed the maximum payout per round the house posts (Art. 9(5)(7)-(9)); this table&apos;s maximum is {cap}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Dealer: {cards}, {name}; {qualifies}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Ante {ante} × 1 = {ante_win}; raise {raised} × {ratio} = {raise_win}, as {article} pays {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Ante {ante} × 1 = {ante_win}; raise {raised} × {ratio} = {full_win}, as {article} pays {name}, capped at this table&apos;s maximum payout: {raise_win}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+67"/>
        <source>the fixed awards are the house&apos;s, posted at the table (Art. 10(3)): royal flush {royal_flush}, straight flush {straight_flush}, four of a kind {four_of_a_kind}, full house {full_house}, flush {flush}.</source>
        <extracomment>The posted fixed awards of the progressive drills (Art. 10(3)).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+150"/>
        <source>Paid in the order {order}: box by box from the dealer&apos;s left (Art. 10(4)), except that a royal flush seated before a straight flush waits for it and is paid right after the last straight flush (Art. 10(7)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Paid in the order {order}: box by box from the dealer&apos;s left (Art. 10(4)); the straight flushes already come before the royal flush, so it keeps its turn (Art. 10(7)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+100"/>
        <source>Art. 10(7) moves only the royal flush, and only as far as it must: it is paid at its own box&apos;s turn unless a straight flush of the round is still unpaid then, and in that case right after the last straight flush; it takes the pool as the straight flushes left it, and every other award keeps its box order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+102"/>
        <source>The round is void: antes and raises are returned, progressive bets carry over to the next round; the machine is replaced or the cards are dealt from the shoe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The round stands; the exposed dealer&apos;s card is turned down again and the dealer&apos;s fifth card is dealt face up as usual.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The round stands and the hand in the empty box is played like the others.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>This irregularity voids the round ({article}).</source>
        <extracomment>The wrong rulings each right one is offered with: each is wrong by Art. 11 for that case. &quot;The round stands and play goes on as usual&quot; is never offered where it is also true (a hand to an empty box, Art. 11(3); one exposed dealer&apos;s card, where the round stands too), and the two void rulings never together.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>That is the rule for one exposed dealer&apos;s card only (Art. 11(2)); this irregularity voids the round ({article}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>That is the rule for cards dealt to a box without a bet (Art. 11(3)); this irregularity voids the round ({article}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The progressive bets are not returned: they carry over to the next round ({article}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cards dealt to a box without a bet do not void the round: that hand is dead and the round goes on as usual (Art. 11(3)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No card was exposed: the cards went to a box without a bet, so that hand is dead and the round goes on as usual (Art. 11(3)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A hand dealt to a box without a bet is dead: it is not played (Art. 11(3)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>One card exposed by mistake does not void the round: it stands (Art. 11(2)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The exposed dealer&apos;s card stays face up, and the dealer&apos;s other cards, the fifth included, are dealt face down (Art. 11(2)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No hand is dead: one card was exposed, the round stands, and the exposed dealer&apos;s card stays face up while the dealer&apos;s other cards are dealt face down (Art. 11(2)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>That is the rule when the exposed card is the dealer&apos;s (Art. 11(2)); a player&apos;s card: play goes on as usual.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The exposed card is a player&apos;s: play goes on as usual, and the dealer&apos;s fifth card is dealt face up as always (Art. 11(2), Art. 7).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No hand is dead: one card was exposed, the round stands and play goes on as usual (Art. 11(2)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>the dealer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>box {box}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{where}, face up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{where}, face down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cards go left to right to the boxes with a bet, the dealer last; only the dealer&apos;s fifth card is face up (Art. 7).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>one card at a time from the shoe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>five cards at a time from the shuffling machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Boxes {boxes} have bets. Dealing {how}, where does card number {number} go?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Order of seats: {order}, then the dealer; card {number} goes to {where}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Name the hand</source>
        <extracomment>The skills of this game, in the order the launcher lists them (drills.skills gathers them).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The ten hands of Art. 8.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Compare hands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which hand wins, down to the suit (♠ &gt; ♥ &gt; ♣ &gt; ♦).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Does the dealer qualify?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At least an ace and a king (Art. 9(1)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Ante and raise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ante 1 to 1, the raise by the pay table of Art. 9(5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Progressive jackpot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Awards, their order and the pool (Art. 10).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Misdeals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exposed cards, empty boxes, a failing shuffler (Art. 11).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Dealing order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Left to right, the dealer last, the fifth card face up (Art. 7).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../drills/bet_names.py" line="+139"/>
        <source>{bet} — {stake}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-109"/>
        <source>a line bet</source>
        <extracomment>An odds bet whose line or come bet is not on the table any more.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+188"/>
        <source>a bet that is not on the table</source>
        <extracomment>How a bet is named when it is not on the table (an answer named a bet the item has not).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../drills/craps.py" line="-2"/>
        <source>Nothing wins on this throw: there is nothing to pay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Pay only the bets this throw decided; the stake stays with the player.</source>
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-294"/>
        <source>{first}-{second} ({total})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+30"/>
        <source>The shooter throws {throw}. How much do you pay in all?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Pass Line {line}, the point is {point}. In chips of {chip}, what is the largest odds bet the player may take?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The odds&apos; win may never exceed the line bet (Art. 2(2)); on {point} odds pay {ratio}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-164"/>
        <location line="+167"/>
        <source>{win} to {stake}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-358"/>
        <source>Losing bets, to collect: {bets}.</source>
        <extracomment>The table as the last throw found it: what the felt shows, and how its bets are named.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{bet}: {number} is its come point; it moves to {number} ({article})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+67"/>
        <source>{bet}: {stake} at {ratio} wins {win} ({article})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+44"/>
        <source>{article} prices the Big bets in dollars (&quot;$6,00&quot;, &quot;$5,00&quot;); this ruleset reads one dollar as {unit} of the table&apos;s currency, so a block is {block}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{bet}: {blocks} × {block} at {ratio} win {block_win}, and the remainder {rest} at {short} wins {rest_win} (an interpretation, see below): {win} in all ({article})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-37"/>
        <source>{article} fixes the win of one block of {block} and of a bet under it, not of a remainder over full blocks; the remainder is paid {short}, as a bet under the block is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+52"/>
        <source>{bet}: {blocks} × {block} at {ratio}: {stake} wins {win} ({article})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{bet}: {stake} is under one block of {block}, so it is paid {short}: wins {win} ({article})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{bet}: {stake} is under one block of {block}, paid {short} (an interpretation, see below): wins {win} ({article})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-62"/>
        <source>{article} does not say how a Big {number} bet under {block} is paid: {short}, as Arts. 9 and 10 pay a bet under the block.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-109"/>
        <source>{bet}: not decided; its stake is handed back ({article})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+194"/>
        <source>{bet}: 12 is a tie for it; the tie decides nothing, so the bet stays where it is, untouched (nothing collected, paid or handed back), and the next throw is again its first ({article})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{bet}: {number} becomes the point; no decision on this throw, it stays on the layout ({article})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{bet}: no decision on this throw; it stays on the layout ({article})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{bet} ({stake}, {article})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+116"/>
        <source>the largest odds bet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The largest odds bet wins exactly the line bet: {line} × {inverse} = {exact}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>In chips of {chip}: {largest}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Which odds bet wins exactly the amount of the line bet?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/craps/irregular.py" line="+193"/>
        <source>{article} says the odds&apos; win &quot;may never exceed&quot; the line bet; the limit is applied when the odds are taken, so the largest odds bet is the one whose win equals the line bet, and a larger one is refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The point is {point}; the shooter throws {throw}. How much do you pay?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The shooter throws {throw}. How much do you pay?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+43"/>
        <source>{bet} ({stake}) loses on this throw ({article}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{bet} ({stake}) wins on this throw ({article}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The shooter throws {throw}. Click the bets in the order you settle them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Settle only the bets this throw decided, losing bets first; the others stay on the layout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>every losing bet is collected before any winner is paid. The craps regulation sets no order of settlement; this is the table&apos;s procedure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>this table settles the decided bets in any order; the craps regulation sets no order of settlement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The right order: first collect {losers}; then pay {winners}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The right order: settle {bets}, in any order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>A bet you settled is not on the layout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} ties on 12: the tie decides nothing, so it stays where it is, untouched ({article}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} has no decision on this throw: it stays on the layout ({article}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <location filename="../../drills/grading.py" line="+85"/>
        <location line="+122"/>
        <source>You settled {bet} twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{loser} must be collected before {winner} is paid; you paid {winner} first (table procedure, not in the regulation).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{bet} loses on this throw and was never collected ({article}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} is not decided and its stake was never handed back ({article}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} wins on this throw and was never paid ({article}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{bet} was never moved to its come point ({article}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>One die shows {face}; the other bounces off the table. What is the throw?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No throw: it is invalid and repeated; no bet is decided.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Count the die on the table twice: {total}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A throw with a die off the table is not valid at all (Art. 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/craps/irregular.py" line="-116"/>
        <source>Throw the lost die again and add it to {face}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/craps/irregular.py" line="+3"/>
        <source>The whole throw is repeated, not one die (Art. 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>It counts as a 7: the line bets lose.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An invalid throw decides no bet (Art. 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>One die shows {face}. The other leans on a chip stack: {high} is the more exposed upper face, {low} the less. What is the throw?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <location filename="../../rules/craps/irregular.py" line="+45"/>
        <source>{total}: the most exposed upper face counts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No roll: a cocked die makes the throw invalid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/craps/irregular.py" line="+8"/>
        <source>Only a die leaving the table makes a throw invalid (Art. 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/craps/irregular.py" line="+4"/>
        <source>{total}: the less exposed face counts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../rules/craps/irregular.py" line="+4"/>
        <source>The most exposed upper face counts, {high}, not the less exposed {low} (Art. 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The dealer lifts the chip stack and lets the die fall.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The die is read as it lies: its most exposed upper face (Art. 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Line and come bets</source>
        <extracomment>The skills of this game, in the order the launcher lists them (drills.skills gathers them).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pass, Don&apos;t Pass, Come and Don&apos;t Come through a shooter&apos;s hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Largest odds bet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The odds&apos; win may not exceed the line bet (Art. 2(2)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Odds payouts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line bets with odds at 2:1, 3:2, 6:5 and lay odds at 1:2, 2:3, 5:6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>3, 4, 9, 10, 11 pay even; 2 and 12 pay double.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Hard ways</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hard 6 and 8 pay 9 to 1, hard 4 and 10 pay 7 to 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Big 7, Eleven, Any Craps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One-roll bets at 4½, 15 and 7 to 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Big 6/8, 5/9, 4/10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>7 to 6, 7 to 5 and 9 to 5 on the full blocks, even money on the rest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Collect, then pay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take every losing bet before paying any winner.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Invalid throws and cocked dice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die off the table; a die that does not lie flat (Art. 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-216"/>
        <location filename="../../drills/grading.py" line="-273"/>
        <source>Time is up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../drills/grading.py" line="+11"/>
        <source>The right amount is {amount}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The right answer: {answer}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The right order: {order}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+39"/>
        <source>{bets} (in any order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{first} → {next}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Your chips make {given}; the payout is {amount}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Your chips make {given}; {what} is {amount}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Right amount, but {given} chips where {fewest} would do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+4"/>
        <source>Right: {amount}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-2"/>
        <source>No amount was given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>You said {given}; the payout is {amount} ({difference} {direction}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-3"/>
        <source>too much</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-84"/>
        <source>The right order shown follows {text} of Art. 5(1); {other} orders six-lines, streets and corners its own way, and its order is right too (see the worked solution).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+84"/>
        <source>too little</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>You said {given}; {what} is {amount} ({difference} {direction}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>{bet} is not settled now: leave it where it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+123"/>
        <source>You settled {bet}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-117"/>
        <location line="+122"/>
        <source>You never collected {bet}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-120"/>
        <location line="+121"/>
        <source>You never paid {bet}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-102"/>
        <source>{before} must be collected before {early}; you collected {early} first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{before} must be collected before {early} is paid; you paid {early} first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{before} must be paid before {early} is collected; you collected {early} first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+98"/>
        <source>{before} must be paid before {early}; you paid {early} first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-91"/>
        <location filename="../../drills/roulette.py" line="-44"/>
        <source>the Portuguese text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../drills/roulette.py" line="+2"/>
        <source>the Chinese text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>{problem} ({citation})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>An order follows one official text of Art. 5(1) as a whole: the Portuguese text pays six-lines, then streets, then corners; the Chinese text pays six-lines and corners (in any order), then streets. Your order mixes the two.</source>
        <extracomment>An order that takes part of each text of Art. 5(1).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Your order follows both official texts of Art. 5(1): they differ on six-lines, streets and corners, and your order is right by each.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Your order follows the Portuguese text of Art. 5(1): six-lines, then streets, then corners.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Your order follows the Chinese text of Art. 5(1): six-lines and corners (one step, in any order), then streets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Collect every losing bet before you pay: {before} must be collected before {early} is paid; you paid {early} first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} lost: it is collected, not paid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only one player&apos;s winning bets may be paid together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{said} Neither official text of Art. 5(1) allows this; your order is held to {text}, the one it follows longest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../drills/craps.py" line="+3"/>
        <location filename="../../drills/grading.py" line="-131"/>
        <location line="+62"/>
        <source>Right order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../drills/grading.py" line="+86"/>
        <source>Right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/bets.py" line="+142"/>
        <source>even</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-1"/>
        <source>odd</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../drills/roulette.py" line="-292"/>
        <source>Collect the losing bets first; they are not part of the payout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Count each kind of bet on the number, multiply by its payout, then add up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>{count} {kind} × {ratio} × {stake} = {win} ({article})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <location filename="../../drills/sic_bo.py" line="-364"/>
        <source>No bet wins: there is nothing to pay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The red numbers: Art. 1 says the numbers alternate red and black but neither text lists them; the standard European set is used: {red}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The nine-number bet: the text gives no figure of it; it is taken as three adjacent streets of the layout (a block such as 1-9 or 4-12).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The nine-number bet: the text gives no figure of it; this ruleset takes nine neighbouring pockets of the wheel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{stake} straight-up on {number}, and {number} wins. How much do you pay? (The stake stays with the player.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+30"/>
        <source>{number} wins. What is the total payout of the bets on the number?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>{number} wins. What is the total payout of the winning outside and sector bets?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>0 wins. What is the total payout?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>When 0 wins, only straight-ups on 0 win; every other bet loses to the bank (Art. 8).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Which bets cover 0 by themselves?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <location filename="../../drills/sic_bo.py" line="+369"/>
        <source>Collect the losing bets: {bets}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Then pay the {group}: {bets}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{number} wins. Click the bets in the order you settle them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Collect first; then pay from the outside bets inwards, straight-ups last.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../drills/grading.py" line="-257"/>
        <location filename="../../drills/roulette.py" line="+93"/>
        <location filename="../../drills/sic_bo.py" line="-145"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../drills/roulette.py" line="+12"/>
        <source>columns and dozens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sectors (nine and twelve numbers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>even chances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The ball is spinning when a chip falls into the wheel. The previous winning number was {previous}. What do you do?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <location filename="../../rules/roulette/irregular.py" line="+149"/>
        <source>Announce golpe nulo, remove the chip, place the ball in {previous} and spin again; all bets stand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Let the ball finish and pay the number it lands on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+11"/>
        <source>The spin is void the moment an object falls in (Art. 2(2)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/roulette/irregular.py" line="+4"/>
        <source>Stop the game and return every bet to the players.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+3"/>
        <source>Golpe nulo does not void the bets: they stand for the new spin.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+81"/>
        <location filename="../../rules/roulette/irregular.py" line="-61"/>
        <source>Remove the chip, put the ball in 0 and spin again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+3"/>
        <source>The ball goes back to the previous winning number, not to 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-74"/>
        <source>You have rung the bell and launched the ball. A player pushes a straight-up onto the layout. What do you do?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-143"/>
        <source>The Chinese text of Art. 5(1) is right too: it pays the six-lines and corners as one step, in any order ({together}), and then the streets ({streets}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The Chinese text of Art. 5(1) is right too: it pays the six-lines and corners as one step, in any order ({together}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The Portuguese and Chinese texts of Art. 5(1) are both official and differ on six-lines, streets and corners (Portuguese: six-lines, streets, corners; Chinese: six-lines and corners as one step, then streets). An order that either text allows, followed as a whole, is right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Where the two official texts of Art. 5(1) differ (six-lines, streets and corners), this ruleset follows {text} strictly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The twelve-number sector is paid with the sectors, after the columns and dozens: the Chinese text of Art. 5(1) does not name it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The twelve-number sector is paid with the columns and dozens (a setting of this ruleset): the Chinese text of Art. 5(1) does not name it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Low and high are paid with the even chances: the Portuguese text&apos;s «chances simples» covers them; the Chinese text of Art. 5(1) does not name them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+36"/>
        <source>six-lines and corners (one step, in any order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+49"/>
        <location filename="../../rules/roulette/irregular.py" line="-39"/>
        <source>Refuse the bet and hand the chips back; the other bets stand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../../rules/roulette/irregular.py" line="+5"/>
        <source>Accept it: the ball has not yet come to rest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>After the bell no bet may be placed or changed (Art. 3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Accept it, but pay it at half if it wins.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The regulation has no reduced payout for late bets: it refuses them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/roulette/irregular.py" line="+7"/>
        <source>Call golpe nulo and spin again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+3"/>
        <source>Golpe nulo is for an object falling into the wheel, not for a late bet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>While paying, you knock over the chips of a winning corner. The inspector saw the layout and can put them back exactly. What happens?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>While paying, you knock over the chips of several winning bets. The inspector cannot say with certainty where they were. What happens?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The inspector restores the bets, then they are paid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The bets are reconstructed from what the players concerned indicate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/roulette/irregular.py" line="+141"/>
        <source>The disturbed bets lose: the layout decides.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+3"/>
        <source>A winning bet the dealer disturbs is reconstructed, never lost (Art. 5(3)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You put the chips back as you remember them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+7"/>
        <source>The inspector restores them, or the players indicate them (Art. 5(3)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The players say where their chips were.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The inspector puts them back as best he can.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Players indicate only when the inspector cannot restore them with certainty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The inspector restores them only when he can do so with certainty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <location filename="../../rules/roulette/irregular.py" line="-122"/>
        <source>Remove the chip and spin again from the pocket where the ball is now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../rules/roulette/irregular.py" line="+4"/>
        <source>The ball is first placed in the pocket of the previous winning number, here 0 (Art. 2(2)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <location filename="../../rules/roulette/irregular.py" line="+7"/>
        <source>The bets stand for the new spin: Art. 2(2) does not say so, but implies it (the spin is launched again, not the bets made again).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <location filename="../../rules/roulette/irregular.py" line="+7"/>
        <source>When the previous winning number was 0, the ball is placed in 0: 0 has its own pocket (Art. 1(2)), and Art. 2(2) names the previous number&apos;s pocket without exception.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Straight-up multiples</source>
        <extracomment>The skills of this game, in the order the launcher lists them (drills.skills gathers them).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay a winning straight-up at 35 to 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Picture bets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total payout of straights, splits, streets, corners and lines on one number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Outside bets and sectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Columns, dozens, even chances and the nine- and twelve-number sectors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The zero rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When 0 wins only a straight-up on 0 is paid (Art. 8).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Pay order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collect the losers, then pay in the order of Art. 5(1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Irregularities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Golpe nulo, bets after the bell, disturbed winning chips.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/caribbean_stud/rulings.py" line="+57"/>
        <source>Progressive bets are carried over to the next round.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+44"/>
        <source>The cards were dealt the wrong way: the round is void and every bet is returned, except the progressive bets, which carry over to the next round; bets are placed again and the cards dealt again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>A wrong number of cards was dealt: the round is void and every bet is returned, except the progressive bets, which carry over to the next round; bets are placed again and the cards dealt again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>{count} cards were exposed by mistake: the round is void and every bet is returned, except the progressive bets, which carry over to the next round.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>One of the dealer&apos;s cards was exposed by mistake: the round stands; that card stays face up and the dealer&apos;s other cards, the fifth included, are dealt face down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>One card was exposed by mistake while dealing: the round stands and play goes on as usual.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Cards dealt by mistake to a box without a bet make a dead hand; the round goes on as usual for every other box.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The shuffling machine failed while dealing: the round is void and every bet is returned, except the progressive bets, which carry over to the next round; the machine is replaced or the cards are dealt from the shoe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+94"/>
        <source>Players may not use any device to record the results.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Players may not use any device to predict results.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Players may not use any device to work out a betting strategy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>While deciding whether to raise, a player may not talk to other players or anyone else.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A player bets on one box only and may not share a box with another player.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A player holding cards may not leave the table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/craps/rulings.py" line="+110"/>
        <source>The throw is not valid and is repeated: no bet is decided and the point stays.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Call &quot;no roll&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bring the dice back (or give the shooter new dice from the bowl).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every bet stays as it is; the shooter throws again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>A die that does not lie flat counts its most exposed upper face: the throw is {first}-{second} ({total}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Look at the cocked die from above without touching it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call the face that is most exposed on top, and the total.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Settle the bets on that total as usual.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Both dice lie flat on the table: the throw is {first}-{second} ({total}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Call the total.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Settle the bets it decides.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/roulette/rulings.py" line="+123"/>
        <source>Place the ball in the pocket of the previous winning number ({number}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Place the ball in the pocket of the previous winning number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The spin is void (golpe nulo): the bets stand and the ball is launched again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stop the game and announce &quot;golpe nulo&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the object out of the wheel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Launch the ball again; the bets on the layout stand as they are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The bet is refused: after the bell no bet may be placed or changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refuse the new bet or the change and hand the chips back to the player.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The bets placed before the bell stand and are settled as usual.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The inspector restores the winning bets as they were, then they are paid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+15"/>
        <source>Stop paying and call the inspector.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-14"/>
        <source>The inspector puts the chips back where they were, with certainty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay the restored bets in the order of Art. 5(1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The inspector cannot restore them with certainty, so the bets are reconstructed from what the players concerned indicate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Reconstruct the bets as the players concerned indicate them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay the reconstructed bets in the order of Art. 5(1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../drills/model.py" line="+183"/>
        <source>Interpretation (a setting of the ruleset; the regulation does not say): {text}</source>
        <extracomment>What the amount is, when it is not the payout (&quot;the largest odds bet&quot;): the feedback names it so (&quot;the largest odds bet is 26&quot;, not &quot;the payout is 26&quot;). What the answer rests on beyond the regulation&apos;s words, said in full in the feedback: an interpretation (the text is silent), a house option (the text leaves the house a choice) or table procedure (the text sets none); where the regulation is not on file (Sic Bo), the house&apos;s pay table, ruling or procedure. Made with the functions below.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>House option (the regulation leaves this to the house): {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Table procedure, not in the regulation: {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>House pay table (the regulation&apos;s articles are not on file): {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>House ruling (the regulation&apos;s articles are not on file): {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>House procedure (the regulation&apos;s articles are not on file): {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../drills/sic_bo.py" line="-353"/>
        <source>Every payout is that of the ruleset in use, “{table}”; published Macau pay tables differ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+95"/>
        <source>one die shows {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>two dice show {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>three dice show {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{bet}: {shown}, so it pays {ratio}: {stake} × {ratio_n} = {win} (house pay table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{bet}: {stake} × {ratio_n} = {win} ({ratio}, house pay table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Collect the losing bets first: {bets}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+98"/>
        <source>The dice show {dice}. What do you pay the single-number bets? (The stakes stay with the players.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Count how many dice show the number: the house pays one, two or three times.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The dice show {dice}, a total of {total}. How much do you pay?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Only the total the dice make wins; each total has its own payout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+34"/>
        <source>The dice show {dice}. What is the total payout of the combination and double bets?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A combination wins when both its faces show; a double when two dice show its face.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+47"/>
        <source>The dice show {dice}. What is the total payout of the layout?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light the winning areas in your head first; collect the rest, then pay each winner.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+49"/>
        <source>The dice show {dice}. Which areas does the layout light as winners?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The total is {total}; the winning areas: {areas}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Total, small or big, doubles and triples, combinations, then the single numbers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Small and big lose on any triple (house pay table).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Any triple wins on every triple.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A triple shows the double of its face too: two dice (and a third) show it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Two dice show {face}: Double {face} wins.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Any triple needs all three dice alike; a double is not a triple.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Only one die shows {face}: Double {face} loses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Both {first} and {second} show: Combination {first}-{second} wins.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The dice add up to {total}, not {near}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Then pay {group}: {bets}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The dice show {dice}. Click the bets in the order you settle them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Collect every loser first; then pay in the house&apos;s order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>This house pays the winners row by row down the layout: the top row (small, big, odd, even, the doubles, the triples, any triple), then the totals, then the combinations, then the single numbers; within a row in any order.</source>
        <extracomment>The house&apos;s pay orders (setting ``pay_order``), said in full for the feedback.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This house pays the winners that pay the most first; bets of one payout together, in any order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../../rules/sic_bo/house.py" line="+58"/>
        <source>This house pays the winners in any order, once every loser is collected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the top row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the totals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the combinations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the single numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the bets at {ratio}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the winners</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Call no throw and the supervisor: the dice are not read; cover the shaker and shake again. Every bet stays for the new shake.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Call no throw and the supervisor: the dice are not read; hand every bet back, then shake again for new bets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>On this house&apos;s table the bets stay for the new shake; they are not handed back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../rules/sic_bo/irregular.py" line="+128"/>
        <source>On this house&apos;s table every bet is handed back before the new shake.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You open the shaker: one die leans against the wall of the shaker, not flat. What do you do?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Read the face of the leaning die that is most nearly on top.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die that is not flat shows no face: the house reads no such throw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lay the die flat with your finger and read the throw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A dealer never sets a die by hand: the throw is void and shaken again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A die that does not lie flat is no throw on this house&apos;s table: the dice are shaken again, and the bets {fate}. No Sic Bo article is on file; this is the house&apos;s ruling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+23"/>
        <source>stand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-23"/>
        <location line="+23"/>
        <source>are handed back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-19"/>
        <source>The shaker is opened before the betting is closed and the shake is complete. What do you do?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Settle the throw as the dice show it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A throw opened early is not read: it cannot decide the bets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Let the players change their bets now that they have seen the dice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No bet is made on dice the players have seen: the throw is void.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A shaker opened early is no throw on this house&apos;s table: the dice are shaken again, and the bets {fate}. No Sic Bo article is on file; this is the house&apos;s ruling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Single-number multiples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay a single number once, twice or three times, by how many dice show it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Totals and their payouts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay the total the three dice make, at the house&apos;s payout for that total.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Which areas win</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The areas the layout lights for a throw: total, small or big, doubles, triples, combinations, single numbers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Combinations and doubles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Two-dice combinations and specific doubles on one throw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A full layout&apos;s payout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every winning bet on the layout, paid on the house pay table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Paying in the house&apos;s order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collect the losers first, then pay the winners in the house&apos;s order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Irregular throws</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die not flat, the shaker opened early: the house&apos;s rulings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/bets.py" line="-9"/>
        <source>combination {first}-{second}</source>
        <extracomment>The kinds small/big and odd/even: they lose on any triple by default. The layout&apos;s rows (top first), the groups of the ``layout_rows`` pay order. Whose bet it is, where the table says; ``None`` when the situation does not tell.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>small</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>big</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>any triple</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>total {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>triple {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>double {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>single {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/house.py" line="+31"/>
        <source>house pay table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>house ruling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>house table procedure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/house.py" line="-29"/>
        <source>{numerator} to {denominator}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{bet} pays {ratio} on this house&apos;s pay table; the Sic Bo regulation (Despacho 31/2003) is not on file, so every payout is the house&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>On this house&apos;s table small and big lose on any triple (a setting of its pay table).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>On this house&apos;s table odd and even lose on any triple (a setting of its pay table).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This house pays the winners row by row down the layout: the top row (small, big, odd, even, the doubles, the triples, any triple), then the totals, then the combinations, then the single numbers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This house pays first the winners that pay the most to 1, bets of one payout together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Every losing bet is collected before any winner is paid.</source>
        <extracomment>The house&apos;s procedure (a drill wraps it in ``on_house_procedure``, which says the regulation is not on file).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/rulings.py" line="+41"/>
        <source>Do not read the dice: announce &quot;no throw&quot; (a die is not flat).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call the supervisor, who confirms that the die does not lie flat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Do not read the dice: announce &quot;no throw&quot; (the shaker was opened early).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call the supervisor, who confirms the shaker was opened before its time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Do not read the dice: announce &quot;no throw&quot; (the dice were not shaken).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call the supervisor, who confirms the shaker was not shaken.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No throw: the throw is void, the bets stand as they are and the dice are shaken again (a house ruling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shake the dice again; every bet stays on the layout for the new throw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No throw: the throw is void, every bet is handed back and the dice are shaken again (a house ruling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hand every bet back; open the betting again, then shake the dice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>A bet after &quot;no more bets&quot; is refused: its chips are handed back and the other bets stand (a house ruling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hand the late chips back to the player; settle the throw as usual.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A bet after &quot;no more bets&quot; is refused: its chips are set aside for the next throw and the other bets stand (a house ruling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Set the late chips aside, off the layout, for the next throw; settle as usual.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refuse the bet: betting closed with the call.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/engine.py" line="+139"/>
        <source>The server URL {url} does not ask for a verified connection (sslmode=verify-full): this workstation could then be talking to another machine posing as the training centre&apos;s server, which would see every password and record sent. Give the URL in the form {form} (the centre&apos;s CA certificate: IT has it) and correct ${env}.</source>
        <extracomment>How long opening waits for a lock held elsewhere before it says so and gives up. SQLite&apos;s busy timeout while opening waits for the write lock: short, so the wait is counted (and reported) here, not inside one long blocking call. The lab switch: ``1`` lets a workstation connect to a server it does not verify (no ``sslmode=verify-full``), for a test lab on one machine, never a training room; the window then says so all the time (``ui.window.app_store.unverified_lab_server``). The name of the centre&apos;s CA certificate where a workstation keeps it (``ca_places``). A workstation&apos;s server URL, as the messages show it.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The database URL {url} cannot be read: {problem}. Correct ${env} (form: postgresql+psycopg://user:password@server:5432/database).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The database URL {url} names port {port}, which does not exist (ports are 1 to 65535; PostgreSQL&apos;s is usually 5432). Correct ${env}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>An SQLite database must be a file, not in memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Unsupported database {backend}: use SQLite or postgresql+psycopg://…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+45"/>
        <source>the port {port} is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it is not of the form dialect://user:password@server/database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not a valid database URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cannot create the data folder {folder}: {why}. {instead}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot read the database file {path}: {why}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>it is not an SQLite database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Ask IT to let this user write there, or set {env} to a folder this user may write to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The data folder {folder} is read-only for this user: the Dealer Trainer keeps its records in it and must write there (the database and its log files). {instead}</source>
        <extracomment>The tables every schema of this app has had since its first migration.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The database file {path} is read-only for this user: answers could not be recorded. Ask IT to let this user write to it, or set {env} to a folder this user may write to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The file {path} is an SQLite database of another program (its tables: {tables}), not the Dealer Trainer&apos;s records. It has been left unchanged. Point {url_env} or {dir_env} at the Dealer Trainer&apos;s own file, or at a folder without one to start new records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The database file {path} is damaged or unreadable ({why}). It has been left untouched: keep it for recovery, and restore a copy from the &apos;backups&apos; folder beside it, or move it away to start a new database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+44"/>
        <source>This computer&apos;s SQLite library is version {found}; the app needs {needed} or newer to record answers. Install a current Python (3.11 or newer from python.org ships one), or use a training centre&apos;s server instead of a local file.</source>
        <extracomment>The oldest SQLite library the app runs on: every insert reads its new row back with ``RETURNING`` (SQLite 3.35.0, March 2021). Python 3.11&apos;s own builds ship 3.39 or newer.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Cannot make the records {path} private to this user: {why}. {instead}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+65"/>
        <source>The database {database} was written by a newer version of the Dealer Trainer (schema {schema}); update this workstation&apos;s app.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Waiting for another program to release the database {database} (it holds the write lock); up to {seconds} s…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Waiting for another workstation to finish updating the database {database} to a new version; up to {seconds} s…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The database {database} must be updated to this version of the app, but another program has held its write lock for more than {seconds} s. Nothing was changed. Close the other program (another Dealer Trainer, or a database tool that has the file open) and start again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Another workstation has been updating the database {database} for more than {seconds} s (it holds the update lock). Nothing was changed here. Wait for it to finish and start again; if no workstation is starting, ask IT to end the database session that holds advisory lock {lock} (see pg_locks).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+44"/>
        <source>The text contains a NUL character (code 0, invisible), which the database {database} cannot store. Nothing was saved: type the text again without it (it usually comes from pasting).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The database file {database} cannot be opened for writing ({why}): this user may not write in its folder {folder}, or the disk is full or read-only. {instead}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The database file {database} cannot be used: {why}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The database {database} cannot be used: {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/errors.py" line="+62"/>
        <source>Too many wrong passwords: try again in {seconds} s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Wrong password. The next attempt is possible in {seconds} s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>A trainee named {existing} already exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} is the name of the registered trainee {existing} (names that differ only in capitals, letter width or invisible characters are one name). Choose that profile, or tell the two people apart in the name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The login {login} is taken: choose another one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The time of this exam ran out at {at}: the centre&apos;s server has ended the sitting. What you answered in time is graded; the result appears once it is graded.</source>
        <extracomment>What the server&apos;s functions refuse, by the key their ``RAISE`` gives as its ``HINT`` (``storage/server/policy.py``), in the reader&apos;s words: ``engine.explain`` maps them. ``{at}`` is the moment the ``DETAIL`` gives (``%Y-%m-%d %H:%M``, the centre&apos;s time).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The last sitting of this exam is waiting for grading by the centre&apos;s server: a new one can start once it is graded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This exam&apos;s sitting has ended (its time ran out, or it was handed in): this answer was not recorded. What was recorded before counts.</source>
        <extracomment>``record_answer`` and the table&apos;s recorder on a session that has ended.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This practice session has ended: start a new one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The exam has been started: its sitting is a record, and it stays.</source>
        <extracomment>Why an exam assignment is not withdrawn (``InstructorDesk.withdraw_exam``).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This assignment is not there any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The training centre&apos;s server does not know this skill: choose one from the list, or ask IT to run &apos;dealer-trainer server init&apos; with this version of the app.</source>
        <extracomment>The centre&apos;s server refused a skill id its version does not know (the standards functions of ``storage/server/policy.py``, through ``dt_skill_known``).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/server/admin.py" line="+31"/>
        <source>The server refused the sign-in of {user}: wrong password, or no such login.</source>
        <extracomment>SQLSTATE → what a refusal means, to be filled with the user, database and detail.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The server refused the sign-in of {user}: it may not sign in from this computer (pg_hba.conf), or not at all (an archived trainee, a disabled instructor).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The database {database} does not exist on that server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server refused: {user} has no right to do this ({detail}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+107"/>
        <source>The server {server} cannot be used: {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/server/workstation.py" line="+142"/>
        <source>{url} is an SQLite file, not a training centre&apos;s server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The workstation&apos;s database URL {url} names a user or a password: it must name the server and the database only (postgresql+psycopg://SERVER:5432/DATABASE), since each person signs in with their own login. Correct ${env}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The login {login} is not a person of this training centre (or has been archived): ask an instructor.</source>
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Only the signed-in trainee&apos;s own records can be opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+6"/>
        <source>The instructor views are for instructors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wrong password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+227"/>
        <source>On the server a new trainee needs their first password: PostgreSQL keeps it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>There is no trainee {id}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-277"/>
        <location line="+289"/>
        <location filename="../../storage/signin.py" line="+7"/>
        <source>The current password is wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/store.py" line="-137"/>
        <source>There is no active trainee profile {id}.</source>
        <extracomment>Server mode with each person&apos;s own PostgreSQL login: the login this store&apos;s connections use (PostgreSQL checked the password). ``None``: the app checks it. A server reached without verifying it is the centre&apos;s (the lab switch, ``engine.verified_server``): the window says so all the time. Committed work that SQLite&apos;s damaged log made it drop at this open (for the instructor: the log is kept beside the database for recovery). Fewer answers than the newest backup copy holds: answers were lost. The daily backup work is still to do (``check_backups``), and how many copies it keeps. A setting that could not be used (``$DEALER_TRAINER_BACKUPS_KEPT``), for IT.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>The instructor account already exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+143"/>
        <source>Choose which instructor you are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>There is no such instructor account.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+58"/>
        <source>The instructor views are locked: enter the instructor password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The instructor views locked themselves after a pause: enter the password again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../drills/standards.py" line="+112"/>
        <source>Mastered</source>
        <extracomment>The drills&apos; level whose target is a skill&apos;s default standard (a trained dealer&apos;s time). What a centre may set a target to, in seconds (the storage&apos;s check says the same).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Improving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slipping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steady</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/caribbean_stud/irregular.py" line="+36"/>
        <source>The round stands: play on</source>
        <extracomment>The dealer&apos;s choices, each by what it rules (Art. 11), in the article&apos;s words.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stands: that card up, the dealer&apos;s others face down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dead hand: play on for the other boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Void: antes returned, progressive bets carried over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+61"/>
        <source>One card exposed while dealing: the round stands, play goes on.</source>
        <extracomment>Why another choice is wrong: what Art. 11 rules for the irregularity.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A dealer&apos;s card exposed: it stays up, the dealer&apos;s others are dealt face down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cards to a box without a bet are a dead hand; play goes on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two cards exposed: the round is void, the progressive bets carried over.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-68"/>
        <source>Void: antes returned, progressive bets carried over; another machine or the shoe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stands: that card turned down, the dealer&apos;s fifth up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stands: that box&apos;s hand is played like the others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Cards dealt the wrong way: the round is void, the progressive bets carried over.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A wrong number of cards: the round is void, the progressive bets carried over.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The machine failed: the round is void, the progressive bets carried over; another machine or the shoe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The card just dealt to box {box} was turned face up by mistake.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The dealer&apos;s card just dealt was turned face up by mistake.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two cards were turned face up by mistake while dealing, one of them box {box}&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Five cards were dealt by mistake to box {box}, which has no bet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The shuffling machine has stopped in the middle of the deal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The cards were dealt the wrong way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A hand received the wrong number of cards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The deal stops until the irregularity is ruled (Art. 11).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/craps/irregular.py" line="-85"/>
        <source>The shooter throws: one die shows {face}; the other bounces off the table and lands on the floor showing {off}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Call &quot;no roll&quot;: every bet stays as it is and the shooter throws again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Count the throw as it lies: {total}, and settle it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A throw with a die off the table is not valid: it decides no bet (Art. 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>That throw was no roll (a die left the table): nothing is settled on it; the shooter throws again (Art. 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+30"/>
        <source>One die shows {face}. The other leans on a chip stack: {high} is the more exposed upper face, {low} the less.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Call &quot;no roll&quot;: a cocked die makes the throw invalid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Judge the throw first: a cocked die counts its most exposed upper face (Art. 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The odds bet is refused: its win would exceed the line bet; the largest odds bet is {largest}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refuse the odds bet and tell the player the largest allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The odds bet is within the limit: it is accepted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Place the odds behind the bet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Before the throw, a player asks for odds of {amount} behind their bet on the point {point}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Accept the odds and place them behind the bet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The odds&apos; win may never exceed the line bet: this odds bet is over the limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refuse the odds: they are over the limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>These odds are within the limit: a player may take them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A player is asking for odds: answer before the throw is settled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/roulette/irregular.py" line="-72"/>
        <source>After the bell no bet may be placed or changed: it is refused (Art. 3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The bell has rung and the ball is spinning: a player pushes a bet onto the layout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The late bet is still on the layout: refuse it first; after the bell no bet may be placed or changed (Art. 3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+50"/>
        <source>The ball is spinning when a chip falls into the wheel. The previous winning number was {previous}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Let the ball finish and settle the number it lands on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The spin is void (golpe nulo): nothing is settled on it; the ball is launched again (Art. 2(2)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>While paying, you knock over the chips of a winning bet. The inspector saw the layout and can put them back exactly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>While paying, you knock over the chips of several winning bets. The inspector cannot say with certainty where they were.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Call the inspector: he restores the bets, then they are paid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The inspector restores them only when he can do so with certainty (Art. 5(3)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Call the inspector: the bets are reconstructed from what the players indicate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Players indicate only when the inspector cannot restore them with certainty (Art. 5(3)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Put the chips back yourself as you remember them and pay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stop paying: the disturbed bets are restored first, by the inspector or from the players&apos; indications (Art. 5(3)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/irregular.py" line="-66"/>
        <source>This ruling is the house&apos;s (a setting of its ruleset): the Sic Bo regulation (Despacho 31/2003) is not on file, so no article rules it.</source>
        <extracomment>What every Sic Bo ruling rests on, in words: the house, since no article is on file.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The shaker is lifted while the dice are still rolling: they come to rest in view, showing {first}, {second} and {third}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You open the shaker: two dice show {first} and {second}; the third leans on the wall, not flat, {third} nearly on top.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>After &quot;no more bets&quot; the shaker is opened without having been shaken: the dice still show {first}, {second} and {third}, as the last throw left them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Let the dice come to rest, then read them and settle.</source>
        <extracomment>Each void throw&apos;s own wrong way of reading it: (id, label, mistake, why).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dice seen before they came to rest in the closed shaker are no throw: they are not read (a house ruling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Read the leaning die&apos;s face nearest the top, and settle.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A die that is not flat shows no face: no face is read, the throw is void (a house ruling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Shake the dice now and read them: no call, no supervisor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A shaker opened unshaken is a void throw: announce &quot;no throw&quot; and call the supervisor before the dice are shaken again (a house ruling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Call &quot;no throw&quot; and the supervisor; the bets stand; shake again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call &quot;no throw&quot; and the supervisor; hand the bets back, then shake.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>On this house&apos;s table the bets stand for the new shake; they are not handed back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Read the dice as they lie: {total}, and settle.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A void throw decides no bet: nothing is settled on it (a house ruling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>That throw is void (&quot;no throw&quot;): nothing is settled on it; the dice are shaken again (a house ruling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Refuse it and hand the chips back; the other bets stand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>On this house&apos;s table a late bet&apos;s chips are set aside for the next throw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refuse it; set the chips aside, off the layout, for the next throw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>On this house&apos;s table a late bet&apos;s chips are handed back at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>You have called &quot;no more bets&quot; and the shaker is closed: a player puts {amount} on {spot}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Accept it: the shaker has not been opened yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>After &quot;no more bets&quot; no bet is placed or changed: it is refused (a house ruling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Announce &quot;no throw&quot; and shake again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A late bet does not void the throw: refuse the bet, the throw stands (a house ruling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The late bet is still on the layout: refuse it first; after &quot;no more bets&quot; no bet is placed or changed (a house ruling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/centre.py" line="+82"/>
        <source>The sittings of one exam</source>
        <extracomment>The centre&apos;s time zone, by its IANA name (the server&apos;s SQL uses the name). 0: the defaults (no instructor has saved the settings yet). (field, lowest, highest): the ranges the table&apos;s CHECKs hold too. What each setting is called where a person reads it.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The days between sittings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The months a certification is valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{setting} must be a whole number from {low} to {high}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The centre&apos;s name is longer than {most} characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/groups.py" line="+94"/>
        <source>A group named {existing} already exists (names that differ only in capitals, letter width or invisible characters are one name).</source>
        <extracomment>The audit entries that change who is listed where (what another workstation polls).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>An instructor named {existing} already exists (names that differ only in capitals, letter width or invisible characters are one name).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The staff number {number} is {holder}&apos;s: each trainee has their own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The staff number {number} is another trainee&apos;s: each trainee has their own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>This group is not on file (another workstation may have changed it): read the list again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This instructor is not on file (another workstation may have changed it): read the list again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This trainee is not on file (another workstation may have changed it): read the list again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You cannot disable your own account: another instructor must do it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>On the centre&apos;s server PostgreSQL keeps the passwords: IT sets an instructor&apos;s with dealer-trainer server set-password.</source>
        <extracomment>Why an instructor&apos;s password is not reset (``InstructorDesk.set_instructor_password``).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change your own password under “Your password”, with the current one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This instructor account is disabled: only an active instructor sets a password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only an active instructor manages groups and instructors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A group needs a name (1 to 100 characters) and a start date.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{name} is the last active instructor: add or enable another instructor first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The group {name} is archived: bring it back before adding trainees.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+56"/>
        <source>A staff number has 1 to {most} letters (a to z), digits, &apos;-&apos;, &apos;/&apos;, &apos;.&apos; or &apos;_&apos;, and starts with a letter or a digit.</source>
        <extracomment>The server functions&apos; refusals (``storage/server/policy.py``, ``dt_group_*``, ``dt_set_instructor_disabled``), each as the sentence a single PC says.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+114"/>
        <source>This instructor account is disabled or no longer exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+208"/>
        <source>Give the group&apos;s start date.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/schedules.py" line="+64"/>
        <source>This plan is no longer given to this trainee.</source>
        <extracomment>Why a plan is not withdrawn (``CentreSchedules.withdraw_plan``).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The plan is done: the trainee&apos;s work on it is a record, and it stays.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+174"/>
        <source>Choose at least one skill for the plan.</source>
        <extracomment>The groups&apos; names, for the plans given to a whole group (``PracticePlan.group_id``).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The plan names a skill this version does not know.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A plan&apos;s skills are of one game.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A plan has between 1 and {most} items.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A plan&apos;s due date needs its time zone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The group {name} is archived: bring it back before giving it a plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The group {name} has no trainees yet: add them in the Groups tab first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Choose at least one trainee to give the plan to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The due date of a plan must be later than now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>A trainee the plan is for is no longer registered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/instructor_calls.py" line="+66"/>
        <location filename="../../storage/schedules.py" line="+20"/>
        <location line="+71"/>
        <source>This instructor account no longer exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/standards.py" line="+375"/>
        <source>This version of the trainer has no such skill: choose one from the list.</source>
        <extracomment>The audit entry&apos;s detail of a standard set back to the drills&apos; own target (the server&apos;s ``dt_set_speed_standard`` writes the same words). The skills counted against their target in force: the rollup&apos;s rows of the days.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+66"/>
        <source>The mastery rule&apos;s shares are whole percents.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/rulesets.py" line="+115"/>
        <location line="+490"/>
        <source>a table</source>
        <extracomment>The most digits a number of a ruleset may have before and after its point: far beyond any table, and small enough that no arithmetic on it is slow (1e1000000 is refused as written, before any comparison; int() of it alone would take a minute). Characters a message shows escaped (​): they draw nothing, or turn the text around. Said of a value of a ruleset file that cannot be shown as written (&quot;…, not a table&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-488"/>
        <location line="+489"/>
        <source>a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-487"/>
        <source>nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a number of more than {digits} digits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{where}: {problem}.</source>
        <extracomment>A ruleset file refused: {where} is the file and the key as written (house.toml: overrides.zero_rule), {problem} what is wrong with it, one of the sentences of rulesets.py (they follow the key: &quot;is missing&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>{name} cannot be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{name} must be true or false, not {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} must be one of {options}, not {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} must be a number, not {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{name} must be a finite number, not {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{name} is {value}, a number no table has (at most {digits} digits before and after the point)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} must be a whole number, not {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} is an amount of money, in whole cents (0.01), not {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{name} is larger than any table accepts ({most} at most), not {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} must be at least {minimum}, not {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{name} must be at most {maximum}, not {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+56"/>
        <source>expected a chip value such as &quot;25&quot;, got {value}</source>
        <extracomment>The drill levels that choose a part of a chip set for their pay tray, lowest first.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>not a number: {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>a chip is a positive amount in cents, not {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{value} is not a chip of the set ({chips})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>needs at least one chip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>chip values must be distinct and listed lowest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>must be &apos;denominations&apos;, not {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a chip set is a house setting: false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>is not a key of [chips] (known: {keys})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>holds {count} chips; a chip set has at most {most}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>is needed: the base&apos;s float ({chips}) has chips that are not in the set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>holds {count} chips; a drill&apos;s float holds at most {most} (the pay tray&apos;s keys 1-9)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>is a currency code such as &quot;HKD&quot; or &quot;MOP&quot;, not {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>is empty: say what the chips are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>has {count} characters ({most} at most)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+141"/>
        <source>is missing</source>
        <extracomment>What follows a house basis cited where no article can be (``house ruling: …``). What is wrong with a key of a ruleset file, after &quot;file: key:&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>expected {kind}, got {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+30"/>
        <source>a string</source>
        <extracomment>What a key of a ruleset file must hold, in &quot;expected {kind}, got {value}&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{first} or {second}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+130"/>
        <source>the payouts are the regulation&apos;s: a house cannot change them (a house option, such as royal_flush_pays, is a setting in [overrides])</source>
        <extracomment>A house ruleset&apos;s id: lowercase letters and digits in words joined by single hyphens, as the regulations&apos; own (``grand-lisboa-roulette``); no path, no space, no dot. The keys of a house ruleset file, and what a house file cannot change (with why).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a house does not declare settings: it changes its base&apos;s in [overrides]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>has {count} characters; a house ruleset file has at most {most}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>not valid TOML: lists or tables nested too deeply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>line {line}: a number of thousands of digits, which no table has</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>not valid TOML: {detail}</source>
        <extracomment>Where tomllib says its error is: ``… (at line 3, column 5)`` or ``… (at end of document)`` (Python 3.11&apos;s ``TOMLDecodeError`` has no ``lineno``).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not valid TOML: {detail} (at end of document)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not valid TOML: {detail} (at line {line}, column {column})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>{value} is not a finite number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{value} is a number no table has (at most {digits} digits before and after the point)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>is empty: name the ruleset, such as &quot;grand-lisboa-roulette&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>has {count} characters; an id has at most {most}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{value} is not an id: lowercase letters and digits joined by single hyphens, such as &quot;grand-lisboa-roulette&quot; (no spaces, dots or slashes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>holds U+{code}, a character that is not seen (a control, format or line-break character): write the title on one line in plain letters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>is empty: give the name the trainees will see</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>has {count} characters; a title has at most {most}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>is not a key of a house ruleset (its keys: {keys})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{id} is a regulation&apos;s own ruleset and is read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>a ruleset cannot be its own base (known bases: {known})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{value} is a house ruleset; a house ruleset is based on a regulation&apos;s own ruleset (known: {known})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>no regulation ruleset {value} (known: {known})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>is {value}, but the base {base} is a {game} ruleset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{id} is already a {game} house ruleset; a {other} one needs another id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>is not a setting of {base} (its settings: {settings})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+85"/>
        <source>is not a file (a folder, a device or a pipe)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>is {size} bytes; a house ruleset file has at most {most} characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>is not UTF-8 text (byte {byte}): save it as UTF-8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cannot be read ({reason})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/house_rulesets.py" line="+126"/>
        <source>{file}: id: the kept text names {named}, not {kept}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>{file}: is not text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+63"/>
        <source>The house ruleset {title} (version {version}) cannot be used by this version of the app: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/craps/config.py" line="+155"/>
        <source>{article} is of {older}: the part of {newer} on file has no article on this, so this table follows {older}, which {newer} revoked, until its own text is on file.</source>
        <extracomment>The craps texts by the ruleset that follows each, as a citation names them. The rules whose article the ruleset must name, in ``[craps.citations]``. Point number → its pair in the names of the ruleset&apos;s payouts, blocks and articles (``big_6_8``, ``hard_4_10``, ``pass_odds_5_9``, ``dont_odds_6_8``). Table procedure, not in the regulation: the losers are collected before any winner is paid. Portaria n.º 97/85/M sets no order of settlement, so this cites no article.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/craps/table.py" line="+217"/>
        <source>A {bet} bet is made before a come-out roll only, and the point is {point}: an interpretation (a setting of the ruleset): the text decides the bet on its first throw and does not say when it may be made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/baccarat/authority.py" line="+47"/>
        <source>even money (an interpretation; the article is not on file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the winner rule (a secondary text; the article is not on file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>on a tie the Player and Banker bets are returned (an interpretation; the article is not on file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the house pay table (the figures of the revoked Ordem Executiva 70/2000)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the house pay table (a figure the house set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the drawing rules (a secondary text; the article is not on file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/server/busy.py" line="+56"/>
        <source>The training centre&apos;s server is busy: every connection it allows is in use, and none came free in {seconds} s. Try again in a minute; if it keeps happening, tell IT (the server may be flooded with sign-in attempts).</source>
        <extracomment>How long a sign-in keeps trying while the server has no free connection. The first wait before trying again, and the longest (each wait doubles, then is jittered to between half and one and a half times itself, so workstations do not retry in step).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Your login already has as many connections open on the server as one person may have. If you are not signed in on other workstations, someone else may be using your login: tell an instructor or IT, and change your password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/access.py" line="+67"/>
        <source>The password must have at least {count} characters.</source>
        <extracomment>PostgreSQL&apos;s ``passwordcheck`` refuses fewer than 8 bytes; the app counts characters (never more than bytes), so it refuses every password the server would refuse.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The password must mix letters (a to z) with at least one other character: a digit, a space or a sign.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The password must not contain the login {login}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a new password: the one you were given must be replaced by your own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/signin.py" line="-153"/>
        <source>Your password was set by an instructor: choose your own (sign out and sign in again) before you start an exam.</source>
        <extracomment>The server login the records were opened with (``None``: a local file). Said for an unknown login and for a wrong password alike: which logins exist is nobody&apos;s business before sign-in. Said when a trainee whose password someone else set (an instructor, IT) tries to start an exam: they choose their own first (issue 36).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../storage/graded.py" line="+141"/>
        <source>1 round waits for grading, since {when}: it is in no figure until the centre&apos;s grader has judged it.</source>
        <extracomment>The server&apos;s view of the graded answers, with the answers&apos; column names (those read). Why the grader flagged it (``grader.Flag``), ``None`` when it graded it as sent. The server&apos;s view of the live-table rounds the grader judged (``policy.GRADED_ROUND_ENDS``), with ``table_round_ends``&apos; column names (those read). Their attempts with the grader&apos;s verdicts (``policy.GRADED_TABLE_ATTEMPTS``), with ``table_attempts``&apos; column names (those read).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{count} rounds wait for grading, since {when}: they are in no figure until the centre&apos;s grader has judged them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+46"/>
        <source>1 answer waits for grading, since {when}: it is in no figure until the centre&apos;s grader has graded it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{count} answers wait for grading, since {when}: they are in no figure until the centre&apos;s grader has graded them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Not the exam&apos;s item at its place (or more answers than items): counted wrong.</source>
        <extracomment>Why the grader flagged an answer (``grader.Flag``&apos;s values), in words.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recorded after the sitting&apos;s time limit: it does not count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The answer sent cannot be read by the grader: counted wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The grader cannot make the item it names: counted wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The workstation said wrong; the grader&apos;s verdict is right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The workstation said right; the grader&apos;s verdict is wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The situation the workstation stored is not the item the grader made from its seed: graded on the grader&apos;s item.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Straight-up {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>straight-up</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>straight-ups</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>split</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>splits</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Street {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>street</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>streets</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corner {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>corner</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>corners</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Six-line {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>six-line</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>six-lines</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nine numbers {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nine-number bet</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nine-number bets</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Twelve-number sector {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>twelve-number sector</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>twelve-number sectors</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Column {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>columns</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dozen</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dozens</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dozen 1 (1–12)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dozen 2 (13–24)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dozen 3 (25–36)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Even</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evens</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Odd</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>odds</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low 1–18</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low (1-18)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lows (1-18)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High 19–36</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high (19-36)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>highs (19-36)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Red</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>red</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reds</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Black</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>black</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blacks</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass Line</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Don&apos;t Pass</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Come</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Come bet on {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Don&apos;t Come</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Don&apos;t Come bet on {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Odds behind {bet}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Field</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hard {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Big 7</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eleven</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any Craps</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Big {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box {box} ante</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box {box} progressive jackpot bet</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box {box} raise</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Small</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Big</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Triple {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any triple</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Combination {first}-{second}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Single number {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AmountPad</name>
    <message>
        <location filename="../../ui/drills/answers.py" line="+155"/>
        <source>Amount to pay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type or tap the amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the last digit (Backspace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the last digit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear the amount (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear the amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay ↵</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give this amount (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Type an amount such as %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnswerDetail</name>
    <message>
        <location filename="../../ui/drills/answer_detail.py" line="+76"/>
        <source>correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>answered %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This version cannot re-create the question; the table is the recorded one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Worked answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Choose an answer to see its table and question.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+62"/>
        <source>The recorded situation has no table to draw.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnswerWords</name>
    <message>
        <location filename="../../ui/drills/answer_words.py" line="+167"/>
        <source>a bet that is not on the recorded table</source>
        <extracomment>The right order one step a line (pay-order questions), for the drill-down. Felts already laid out, by what they are drawn from: a CSV of a cohort names the bets of thousands of answers, and laying a felt out again for each took 85 % of its time.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>no answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+31"/>
        <source>an answer this version cannot read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-2"/>
        <source>an option whose text is not on file</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnswersModel</name>
    <message>
        <location filename="../../ui/instructor/models.py" line="+174"/>
        <source>Answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+103"/>
        <source>waiting for grading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wrong</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ArticleDialog</name>
    <message>
        <location filename="../../ui/drills/feedback.py" line="+302"/>
        <source>The text of %1 is not on file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-32"/>
        <source>English reading</source>
        <extracomment>Which tab an article opens on, by the app&apos;s language: the text in the reader&apos;s language.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Português (official)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>中文 (official)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No article is cited: this answer rests on the house&apos;s own table (%1). The Sic Bo regulation (Despacho Regulamentar Externo n.º 31/2003) is not on file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No article is cited: this answer rests on the table&apos;s procedure (%1), a setting of the ruleset; the regulation sets no order of settlement. Each bet&apos;s own article is in the worked solution.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The English reading is the project&apos;s aid, not an official text.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CentrePanel</name>
    <message>
        <location filename="../../ui/instructor/centre.py" line="+67"/>
        <location line="+94"/>
        <source>Dealer training centre</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-86"/>
        <source>The centre&apos;s settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>By</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+7"/>
        <source>Trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-30"/>
        <source>S&amp;ave the settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Centre&apos;s name (transcripts, certificates):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sittings an e&amp;xam allows (the first included):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Da&amp;ys to wait between sittings:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Certification val&amp;id for (months):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Transcript (P&amp;DF)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Certi&amp;ficates (PDF)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Passed on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Approved by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>For:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Certifications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+45"/>
        <source>“%1”, %2 sittings, %3 days between, valid %4 months</source>
        <extracomment>What the tab shows was read before a change of people (or never): it is read when the tab is next shown, not on the GUI thread while the window is built.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Defaults: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved as version %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Choose a trainee first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>certificates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>transcript</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Writing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n page(s) written to %1</source>
        <translation>
            <numerusform>%n page written to %1</numerusform>
            <numerusform>%n pages written to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChipBuilder</name>
    <message>
        <location filename="../../ui/drills/answers.py" line="+46"/>
        <source>Total of the chips</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take back the last chip (Backspace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C&amp;lear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay ↵</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys 1-9 add a chip; Backspace takes it back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add a chip of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a chip of %1 (key %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+63"/>
        <source>%1 in one chip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 in %2 chips</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChoicePicker</name>
    <message>
        <location line="+161"/>
        <source>Answer ↵</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChoosePasswordDialog</name>
    <message>
        <location filename="../../ui/kit/choose_password.py" line="+42"/>
        <source>Choose your password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The password you signed in with was set for you by an instructor: only you should know yours. Choose your own for the login %1 now; until then no exam can be started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>At least %1 characters, with letters (a to z) and at least one digit, space or sign; not your login.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The password you &amp;were given:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Password given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your &amp;new password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The new password &amp;again:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New password again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Choose this password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sign &amp;out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Enter the password you were given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The two new passwords differ: type the same one twice.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CohortModel</name>
    <message>
        <location filename="../../ui/instructor/models.py" line="-211"/>
        <source>Trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Typical time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Days active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weakest skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+57"/>
        <source> (archived)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../reports/within_target.py" line="+28"/>
        <source>Within target</source>
        <extracomment>The column&apos;s heading, in the dashboard&apos;s table (context CohortModel) and the report&apos;s.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Within target: of the trainee&apos;s answers in the period, the share that is right and was given within the skill&apos;s target time (the centre&apos;s speed standard, or the drills&apos; own target where the centre has set none). A right answer given too slowly does not count. The Mastery tab counts it the same way.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CohortView</name>
    <message>
        <location filename="../../ui/instructor/dashboard.py" line="+263"/>
        <source>Group:</source>
        <extracomment>The table&apos;s figures of this round, when they came before the plots&apos;. What the view shows once plots and table are in (the cohort PDF reuses it).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../ui/instructor/table_results.py" line="+556"/>
        <source>Period:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skill:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Find a trainee…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Skills, weakest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+48"/>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+32"/>
        <source>%1 trainee(s)</source>
        <translation>
            <numerusform>%1 trainee</numerusform>
            <numerusform>%1 trainees</numerusform>
        </translation>
    </message>
    <message>
        <location line="-73"/>
        <source>Loading the trainees&apos; figures…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Trainees (Enter or double-click for details)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/kit/group_picker.py" line="+32"/>
        <source>Every trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (archived)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Confirmation</name>
    <message>
        <location filename="../../ui/kit/confirm.py" line="+50"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DrillLauncher</name>
    <message>
        <location filename="../../ui/trainee/launcher.py" line="+325"/>
        <source>Skills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items in a mock exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exam to sit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-24"/>
        <source>Storage is not available: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+117"/>
        <source>Assigned: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Assigned: %1 (resume at item %2 of %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Assigned: %1 (resume at the live table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Assigned: %1 (from %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Assigned: %1 (retake)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Mock exam (pass mark %1%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A mock exam of the skills ticked below, as many items as its size says; %1% right passes. Only an exam your instructor assigns counts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Tick at least one skill.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Sign in first: exams, review and your mistakes are reached only after you sign in (Sign in… on the left).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+73"/>
        <source>No skill is due for review: well done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You have no wrong answers to try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-247"/>
        <source>The session could not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DrillScreen</name>
    <message>
        <location filename="../../ui/drills/screen.py" line="+298"/>
        <source>not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;End session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Felt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show a &amp;hint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keypad</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ch&amp;ips</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Retry saving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>On the table: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Item %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Item %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of %2 right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Your answer could not be saved, so no feedback is shown yet: %1
It is kept here; retry saving when the database is back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+60"/>
        <source>An answer is not saved yet. Retry saving before you end the session.</source>
        <extracomment>Asks before an exam is left half-way (tests put their own answer here).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The session could not be closed in the database: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExamBuilder</name>
    <message>
        <location filename="../../ui/exams/panel.py" line="+98"/>
        <source>New exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>e.g. Roulette payouts, week 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>none (rounds only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+7"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-4"/>
        <source>The share of items to answer right within the skill&apos;s target time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The same seed gives the same items in the same order to every trainee.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Title:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ruleset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skills:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Difficulty:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live-table rounds:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pass mark:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed pass mark:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Time limit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Save the e&amp;xam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The items every trainee will get:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+66"/>
        <source>No drill items.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+27"/>
        <source>Tick at least one skill.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-8"/>
        <source>… and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Give the exam a title.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>An exam named “%1” exists already: give this one a title of its own (a week, an intake group).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExamEnd</name>
    <message>
        <location filename="../../ui/exams/sitting.py" line="+345"/>
        <source>Exam results</source>
        <extracomment>The table&apos;s clock, monotonic milliseconds (the tests&apos; is moved by hand). Where the paper&apos;s ruleset is looked up (a house ruleset&apos;s version needs it). How long a watch waits before giving up (the transcript shows the grade later).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Handed in: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Waiting for grading since %1: the centre&apos;s server grades this sitting. Its result, and your certification if you passed, appear in your transcript once it is graded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Passed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You are certified for this game; your instructor sees it too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not passed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every step and answer is recorded: review them from the Drills menu (Review my exams…), and ask your instructor about a retake.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This computer&apos;s preview:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The score is kept by the centre&apos;s server; your instructor sees it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExamReview</name>
    <message>
        <location filename="../../ui/exams/review.py" line="+87"/>
        <source>This exam opens on %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This exam closed on %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>You have passed this exam already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Your last sitting of this exam is waiting for grading by the centre&apos;s server (handed in at %1): a new sitting may start once it is graded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>You have sat this exam %1 times: the centre allows %2 sittings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>You may sit this exam again from %1 (sitting %2 of %3): wait until then.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>waiting for grading since %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Exam review: %1</source>
        <extracomment>The sitting&apos;s live-table rounds, ended, in the order dealt (an exam with rounds). The assignment it is a sitting of (a trainee&apos;s row in the exam&apos;s results).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Sitting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&amp;Sitting:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No sitting of this exam has ended yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>Skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Missed by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>not answered by anyone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of 1 sitting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 sittings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>What the group missed most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1. %2: waiting for grading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1. not answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 of %2 items right; %3 answered. Choose an item to see it on the felt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Round %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Round %1 · ✓ every step right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Round %1 · ✗ 1 mistake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Round %1 · ✗ %2 mistakes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Live table: %1 rounds, %2 of %3 steps right. Choose a round to replay it step by step with its mistakes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Exam sat on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+25"/>
        <location line="+33"/>
        <source>%1 · sat on %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Mock exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Table exam: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1 · sitting %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExamTable</name>
    <message>
        <location filename="../../ui/exams/table_words.py" line="+22"/>
        <source>spins</source>
        <extracomment>What one round of the live table is called, per game (as ``drills.table.pace``).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>throws</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-1"/>
        <source>rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Accuracy: the items answered right and the rounds&apos; steps dealt right, over all the items and every step judged (each step tried, each planned step not done): an item weighs as one step, a round as the steps it needs. Speed: the items answered right within their skill&apos;s target time, and the rounds dealt without a mistake within the house&apos;s pace for %1 at this level (%2 %3 an hour: %4 a round), over the items and the rounds. Every round must be dealt to pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Items: %1 of %2 right, %3 right within the target time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Live table (%1): %2 of %3 rounds dealt; %4 of %5 steps right; %6 rounds without a mistake within the pace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Accuracy %1 (pass mark %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Speed %1 (speed mark %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not every round was dealt to its end: the sitting cannot pass.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExamsPanel</name>
    <message>
        <location filename="../../ui/exams/panel.py" line="-305"/>
        <source>Beginner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Intermediate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Advanced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+348"/>
        <source>Tick a group&apos;s trainees…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Due by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Opens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Review on the &amp;felt…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Withdraw…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Take the exam back from the trainee chosen below, before they start it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Assign to the ticked trainees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Assigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Assign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Group:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Exams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Results</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n item</numerusform>
            <numerusform>%n items</numerusform>
        </translation>
    </message>
    <message>
        <location line="+53"/>
        <source>No exam yet: build one on the left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no time limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 items, %3, pass mark %4, %5. Skills: %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 items, %3, pass mark %4, speed pass mark %7 (right within the target time), %5. Skills: %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>waiting for grading since %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not taken yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Choose a trainee in the results first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Withdraw “%1” from %2?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%2 no longer has “%1” to sit, and it leaves the overdue list. The audit log keeps that it was given and withdrawn. An exam already started cannot be withdrawn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Withdraw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>“%1” is withdrawn from %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>This trainee has not sat the exam yet: nothing to review.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose an exam first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Choose an exam and tick at least one trainee.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The exam must open before it is due: change a date.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The due date has passed: choose today or a later day.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Every trainee ticked has this exam already: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>Assigned to %n trainee(s).</source>
        <translation>
            <numerusform>Assigned to %n trainee.</numerusform>
            <numerusform>Assigned to %n trainees.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Already assigned to: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/exams/table_part.py" line="+81"/>
        <source>Then %1 rounds of %2 at the live table, %3, in exam mode.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+19"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Live-table rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Live table: %1 rounds of %2, %3, pass mark %4, speed mark %5.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FeedbackPanel</name>
    <message>
        <location filename="../../ui/drills/feedback.py" line="+86"/>
        <source>Read the article (F1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Next item ↵</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Time is up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Your order: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Your answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Correct answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Worked solution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Basis: %1  (F1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Article: %1  (F1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FirstStartDialog</name>
    <message>
        <location filename="../../ui/instructor/login.py" line="+55"/>
        <source>Create the instructor account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This is the first start: nobody can open the instructor views yet. Choose the instructor&apos;s name, a login and a password of at least %1 characters. Everyone signs in with their own login and password; the results, exams and reports need this one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>made from the name if empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Instructor&apos;s &amp;name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Login:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Repeat the password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Create the account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The two passwords differ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The password must have at least %1 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Please check the name: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GlossaryWindow</name>
    <message>
        <location filename="../../ui/window/glossary.py" line="+191"/>
        <source>Customary Macau term. %1</source>
        <extracomment>The table&apos;s columns: the game, then the word in each language. Which language&apos;s cited article Enter opens first, by the window&apos;s language.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The project&apos;s English reading of %1 (not an official text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: the Portuguese text writes this name in English</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, Portuguese text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, Chinese text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(written «%1»)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 of %2 terms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No term has «%1» in English, Portuguese or Chinese.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No %2 term has «%1» in English, Portuguese or Chinese.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Glossary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the &amp;article (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Search:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A word in English, Portuguese or Chinese</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Game:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GradingNotice</name>
    <message numerus="yes">
        <location filename="../../ui/instructor/grading.py" line="+76"/>
        <source>%1 answer(s) flagged by the grader…</source>
        <translation>
            <numerusform>%1 answer flagged by the grader…</numerusform>
            <numerusform>%1 answers flagged by the grader…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Answers flagged by the grader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The centre&apos;s grader graded these answers otherwise than the trainee&apos;s computer, or could not grade them as sent. Its grade is the record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>practice</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GroupDialog</name>
    <message>
        <location filename="../../ui/instructor/groups.py" line="+109"/>
        <source>Edit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source> (disabled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Starts on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instructors:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GroupsPanel</name>
    <message>
        <location line="+73"/>
        <source>New group&apos;s name (e.g. Intake November 2026)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The day the group starts its training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instructors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trainees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>E&amp;dit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The cohort view, exams and reports can be narrowed to a group. An archived group leaves those pickers; its history stays.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Starts on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+30"/>
        <source>archived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>current</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Ne&amp;w group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Tr&amp;ainees…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+46"/>
        <source>Arch&amp;ive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A group named “%1” already exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“%1” is the name of the group “%2”: names that differ only in capitals, letter width, spaces or invisible characters are one name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A group&apos;s name must have 1 to 100 visible characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The group %1 starts on %2: tick its trainees with the Trainees… button.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The name and start of %1 are saved, its instructors not: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The group %1 is saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>%1 has %n trainee(s).</source>
        <translation>
            <numerusform>%1 has %n trainee.</numerusform>
            <numerusform>%1 has %n trainees.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Archive %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Archive the group %1? It leaves the cohort, exam and report pickers; its trainees, their answers and the group&apos;s history stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Archive %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is archived.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 is current again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HouseRulesetsPanel</name>
    <message>
        <location filename="../../ui/instructor/house_rulesets.py" line="+106"/>
        <source>&amp;Add a house ruleset file…</source>
        <extracomment>The app&apos;s rulesets: a file kept here is given to them at once (the picker). How to say the message in the language of the moment (said again on a switch).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The &amp;keys of a house file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Follows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A house ruleset is a file (TOML) with the house&apos;s own settings over a regulation&apos;s ruleset: the options the regulation leaves to the house and its chips. It is checked before it is kept, and every workstation&apos;s ruleset picker offers it. A changed file is kept as a new version: answers keep the version they were graded under. The keys of a house file… lists every setting a file may give, its default and the article it rests on (in English, as the file&apos;s keys are).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1 by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The keys of a house ruleset file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Add a house ruleset file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>House ruleset (*.toml);;Any file (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The file was refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The file was not kept: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-17"/>
        <source>“%1” is kept as version %2; the ruleset picker offers it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” is unchanged: version %2 has this very text.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InstructorWindow</name>
    <message>
        <location filename="../../ui/instructor/window.py" line="+454"/>
        <source>Instructor · %1</source>
        <extracomment>The skills whose within-target rollup was counted again (``recount_within``). The people lists were read again after a change (here or on another workstation). How often the window asks whether people changed elsewhere (a cheap read, off the GUI thread): a trainee added on another workstation shows within seconds. The app&apos;s rulesets (the house&apos;s too): the views look the records&apos; rulesets up here. The one trainee&apos;s tab, built when first opened (or asked for: ``trainee``). The lab&apos;s switch: the server is reached unverified (said all the time, as the main window says it).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Cohort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>T&amp;rainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Table results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Exams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trainee &amp;profiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instr&amp;uctors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rep&amp;orts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Practice p&amp;lans</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-16"/>
        <source>&amp;House rulesets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Verify records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ce&amp;ntre</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Lock the instructor views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Instructor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Mastery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Standards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>The instructor views locked themselves after a pause: enter the password again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Instructor views</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InstructorsPanel</name>
    <message>
        <location filename="../../ui/instructor/instructors.py" line="+28"/>
        <source>New instructor&apos;s full name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Login (made from the name if empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+11"/>
        <source>Login</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Password (at least %1 characters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The password again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Add instructor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+64"/>
        <source>&amp;Disable…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Set the pass&amp;word…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>A disabled instructor can no longer sign in; the exams they built and assigned and everything they recorded stay. Nobody can disable their own account, so one active instructor always remains. An instructor who forgot their password gets a new one from another instructor (Set the password…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A disabled instructor can no longer sign in; the exams they built and assigned and everything they recorded stay. Nobody can disable their own account, so one active instructor always remains. On the centre&apos;s server IT sets an instructor&apos;s password (dealer-trainer server set-password).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Your own password is changed with the current one: Trainee profiles › Your password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Ena&amp;ble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>“%1” is the name of the instructor “%2”: names that differ only in capitals, letter width, spaces or invisible characters are one name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The login “%1” is taken: choose another one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A name must have 1 to 100 visible characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The two passwords differ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 can now sign in with the login %2 and the password you gave, once: at that sign-in they choose their own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1&apos;s new password is set: they sign in with it once enabled again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 signs in with the new password from now on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Disable %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Disable %1? They can no longer sign in. The exams they built and assigned stay, and Enable lets them sign in again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Disable %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is disabled and can no longer sign in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 can sign in again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LeaveExamDialog</name>
    <message>
        <location filename="../../ui/drills/leave_exam.py" line="+32"/>
        <source>Leave the exam?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You have answered %1 of the exam&apos;s %2 items.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The exam is not finished. Leave it now?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Leave it now and take it up later: your answers are kept and it goes on at the next item, with the same items. Hand it in now and the items not answered count as not right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The mock exam is not finished. End it now?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The items not answered count as not right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Keep going</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Leave, resume later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Hand in now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;End the mock exam</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LoginDialog</name>
    <message>
        <location filename="../../ui/instructor/login.py" line="+25"/>
        <source>Instructor views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The results, exams and reports are for the instructor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>your login; only needed when there are several instructors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Instructor:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Unlock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Wrong password. Failed attempts in a row: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Too many wrong passwords.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Next attempt possible in %1 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next attempt possible in %1 min.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../ui/window/main_window.py" line="+470"/>
        <source>Macau Dealer Trainer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Felt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-178"/>
        <source>On the felt: %1</source>
        <extracomment>The game on show when the window last closed (QSettings): the window opens on it. A screen less high than this (a window&apos;s room, in pixels) is a laptop&apos;s: small thumbnails. Where the window&apos;s size is remembered (see ``ui.kit.geometry``). The felt has been painted for the first time (the start-up work begins). The start-up work after the first paint is done: the records opened (or could not be), their daily backup made or checked, every thumbnail drawn. The chips every felt offers; ``None``: each ruleset&apos;s own set (its drills&apos; chips). What start-up still waits for (``startupFinished`` once empty). The felt sandbox (&quot;What if…&quot;, F8): made when first opened, beside the felt. The lab&apos;s switch is on: the server is reached unverified (said all the time). Shown after a sign-in with a one-time password (``sign_in.ChoosePasswordDialog``).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>pays %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>bet %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+201"/>
        <source>Opening the records…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-57"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export the layout…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Go to the &amp;felt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the &amp;game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;What if… (settle the felt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gl&amp;ossary…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Practice is not recorded: the records open when someone signs in with their own login.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+70"/>
        <location line="+21"/>
        <source>Records are not available: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-45"/>
        <source>Tell the instructor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The records need the instructor&apos;s attention:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+134"/>
        <location line="+13"/>
        <source>Export the layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Picture (*.png);;Printable page (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MasteryPanel</name>
    <message>
        <location filename="../../ui/instructor/schedules.py" line="+181"/>
        <source>Period:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Trainees against the standards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Overdue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Skills: how many trainees master each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+19"/>
        <source>Trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right and in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>What</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Due</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Right and within the target time: %1 of the answers (right: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Plan: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Exam: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not sat</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MembersDialog</name>
    <message>
        <location filename="../../ui/instructor/groups.py" line="-237"/>
        <source>Trainees of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Tick the trainees of %1. A trainee is in one group at a time: one ticked from another group moves here, and their earlier groups stay in the records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>(now in %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Find a trainee…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MyTranscript</name>
    <message>
        <location filename="../../ui/trainee/my_transcript.py" line="+48"/>
        <source>Save my &amp;transcript (PDF)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Your exam sittings and certifications as a PDF with the centre&apos;s name, as your instructor prints them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Sign in first: your transcript is yours to save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>transcript</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save my transcript</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Your transcript cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 cannot be written: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Your transcript: 1 page written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Your transcript: %2 pages written to %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OrderPicker</name>
    <message>
        <location filename="../../ui/drills/answers.py" line="-104"/>
        <source>Bets on the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C&amp;lear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click the bets (here or on the felt) in order:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your order:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PasswordBox</name>
    <message>
        <location filename="../../ui/instructor/people.py" line="+344"/>
        <source>Your password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Change the password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Current password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repeat the new password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The two new passwords differ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The password must have at least %1 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The password is changed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Plans</name>
    <message>
        <location filename="../../ui/kit/standards_words.py" line="+52"/>
        <source>%1 (given to a group)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (group %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlansPanel</name>
    <message>
        <location filename="../../ui/instructor/schedules.py" line="+54"/>
        <source>No group: the trainees ticked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A plan goes to the group&apos;s trainees of today: one who joins later does not get it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Assign the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>New practice plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>S&amp;kills:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Items:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Due by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Whole group:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Title:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Game:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Trainees:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Due</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Withdraw…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Take the plan chosen below back from its trainee, while it is not done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Plans given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+62"/>
        <source>A plan goes to the group&apos;s trainees of today: one who joins the group later does not get it (tick them here and give it again).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Give the plan a title.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tick at least one skill for the plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tick at least one trainee to give the plan to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The due date has passed: choose today or a later day.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+21"/>
        <source>“%1” given to %n trainee(s).</source>
        <translation>
            <numerusform>“%1” given to %n trainee.</numerusform>
            <numerusform>“%1” given to %n trainees.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>“%1” given to %n trainee(s) of %2.</source>
        <translation>
            <numerusform>“%1” given to %n trainee of %2.</numerusform>
            <numerusform>“%1” given to %n trainees of %2.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Choose a plan in the list first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Withdraw “%1” from %2?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%2 no longer has “%1” to do, and it leaves the overdue list. The answers already given stay in %2&apos;s records, and the audit log keeps that the plan was given and withdrawn. A plan done cannot be withdrawn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Withdraw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>“%1” is withdrawn from %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>overdue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>under way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 of %2 items</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Progress</name>
    <message>
        <location filename="../../ui/trainee/progress_entry.py" line="+45"/>
        <source>M&amp;y progress…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProgressWindow</name>
    <message>
        <location filename="../../ui/trainee/progress.py" line="+108"/>
        <source>Plan: %1</source>
        <extracomment>Weak skills shown as buttons (the table has them all). The order of the skills table: what needs work first.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 of %2 items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Exam: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1 items, under way: Start goes on where it stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 items, opens on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 items, not sat yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sat (sitting %1 of %2): waiting for grading since %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not passed (sitting %1 of %2): again from %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not passed (sitting %1 of %2): you may sit it again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+112"/>
        <location line="+85"/>
        <source>My progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-84"/>
        <source>Due</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weak skills (click to practise):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>My skills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Practise this skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>What</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Due by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+14"/>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-13"/>
        <source>Skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Right and in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Target time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Live table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No round dealt at the live table yet (Table, in the drills panel).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rounds dealt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pace (an hour)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>House&apos;s target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Your records cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>My progress · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Sign in first: your progress is shown once you have signed in (Sign in… on the left).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>overdue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>to do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+127"/>
        <source>Choose a skill in the table first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a plan or an exam in the list first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>This exam can no longer be sat.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecordsCheck</name>
    <message>
        <location filename="../../ui/instructor/records_check.py" line="+43"/>
        <source>signed in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed to sign in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tried to sign in during the wait after wrong passwords</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>added a person</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>archived a trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>restored a trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>renamed a trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set a password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>built an exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>assigned an exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>withdrew an exam not yet sat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>started an exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>verified the records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set a staff number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>disabled an instructor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>enabled an instructor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>created a group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>renamed or re-dated a group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>archived a group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>restored a group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set a group&apos;s instructors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>moved a trainee between groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>changed the centre&apos;s settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>set a speed standard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set the mastery rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>assigned a practice plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>withdrew a practice plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>did something this version does not know</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The dashboard&apos;s typical time for %1 on %2 does not match the recorded answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The cohort table&apos;s figures of %3 for %1 on %2 (the typical time, or the answers within the target) do not match the recorded answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The dashboard&apos;s figures for %1 on %2 do not match the recorded answers: they show %3 answers, %4 right; the answers hold %5, %6 right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The cohort table&apos;s figures of %7 for %1 on %2 do not match the recorded answers: they show %3 answers, %4 right; the answers hold %5, %6 right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>a trainee no longer registered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>An answer of %1 given on %2 was changed after it was recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An answer of %1 dated %2 was put into the records outside the app.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Answers were removed from the records (how many: %3), just before the answer of %1 given on %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>An entry of the audit trail dated %2 was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An entry of the audit trail dated %2 was put in outside the app.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Entries were removed from the audit trail (how many: %3), just before the one dated %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A protection of the records was removed from the database file: someone worked on the file outside the app.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The dashboard&apos;s figures were counted again from the %1 recorded answers: they match.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>These records are on the training centre&apos;s server, which refuses any change to a recorded answer: there is nothing to verify on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>But the dashboard&apos;s figures on the server do not match the recorded answers (only the database&apos;s owner can change them): tell IT, and do not rely on those figures until they are checked:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Nothing was found: the %1 answers and %2 audit entries are as the app recorded them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The records were worked on outside the app. Keep the file as it is and tell IT; do not rely on these results until they are checked:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>What this check cannot see: whoever controls this computer&apos;s account controls the file. They can read the app&apos;s program and rewrite the records together with their seals, put back an older copy of the whole file, or remove the latest answers from the end. Exams that count belong on the training centre&apos;s server.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecordsCheckPanel</name>
    <message>
        <location line="+16"/>
        <source>Ver&amp;ify records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Verify records looks for answers changed, added or removed outside the app.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Who</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whom or which</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Re&amp;fresh the audit trail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Audit trail (newest first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>an exam since removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the centre&apos;s settings, version %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <source>out of every group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>back to the drills&apos; target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>mastered from %1 of the last %2 answers, close from %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>(an unknown login)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RenameDialog</name>
    <message>
        <location filename="../../ui/kit/confirm.py" line="+82"/>
        <source>&amp;Rename</source>
        <extracomment>Where the person corrects a refusal: focused, its text selected (the subclass&apos;s).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportsPanel</name>
    <message>
        <location filename="../../ui/instructor/window.py" line="-470"/>
        <source>Save the PD&amp;F report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the &amp;answers as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Period:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The PDF has the figures, the accuracy and time charts, the skills weakest first and the exams (trainee) or every trainee (cohort). The CSV has one row per answer, with the situation, the expected and the given answer as recorded; amounts stay exact decimal strings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The cohort (every trainee)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (archived)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>cohort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save the PDF report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save the answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+39"/>
        <source>Writing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%2 answer(s) written to %1</source>
        <translation>
            <numerusform>%2 answer written to %1</numerusform>
            <numerusform>%2 answers written to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n page(s) written to %1</source>
        <translation>
            <numerusform>%n page written to %1</numerusform>
            <numerusform>%n pages written to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SidePanel</name>
    <message>
        <location filename="../../ui/window/sidebar.py" line="+209"/>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-1"/>
        <source>&amp;Game</source>
        <extracomment>The thumbnails on a low screen (a 768-pixel laptop): with the four games, the ruleset, the trainee and the chips, the panel then fits without a scroll bar in every language. The rulesets the picker offers: the app&apos;s, with the house rulesets it was given.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Ruleset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-1"/>
        <source>&amp;Ruleset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>Chips (Ctrl+1 … Ctrl+%n)</source>
        <translation>
            <numerusform>Chips (Ctrl+1 … Ctrl+%n)</numerusform>
            <numerusform>Chips (Ctrl+1 … Ctrl+%n)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+1"/>
        <source>Chip of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+104"/>
        <source>Sig&amp;n in…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-119"/>
        <source>C&amp;lear the felt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/trainee/local_trainee.py" line="+16"/>
        <source>Local trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/window/sidebar.py" line="+118"/>
        <source>Nobody is signed in: practice is not recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sign in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Signed in: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sign &amp;out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sign out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/kit/games.py" line="+60"/>
        <source>%1 · house ruleset, version %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/window/sidebar.py" line="-35"/>
        <source>No ruleset of this game is installed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Follows: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>House pay table: the Sic Bo regulation is not on file, so no answer cites an article.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Partial text: only part of the regulation is on file.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <location filename="../../ui/window/sign_in.py" line="+78"/>
        <source>Sign in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sign in with the login and password your instructor gave you. Your answers, exams and mistakes are yours: nobody else at this computer sees them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Login</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Login:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Sign in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Enter your login.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Signing in…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+19"/>
        <source>The login or the password is wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Several wrong passwords for this login: wait before trying again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No password is set for this login yet: ask your instructor to set one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This account may no longer sign in (a disabled instructor or an archived trainee): ask an instructor of the centre to enable it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-72"/>
        <source>You can try again in %1 s.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Standards</name>
    <message>
        <location filename="../../ui/kit/standards_words.py" line="-24"/>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A skill is mastered when at least %1 of the last %2 answers of it are right and within its target time; close from %3; weak below.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StandardsPanel</name>
    <message>
        <location filename="../../ui/instructor/standards.py" line="+88"/>
        <source>&amp;Back to the drills&apos; target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The chosen skill follows the drills&apos; own target again, as before the centre set one (a new version; the old ones stay).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Target time of the chosen skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skill:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Set the target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>T&amp;arget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Set the master&amp;y rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Mastery rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Answers looked at (the last):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mastered from:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close from:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A skill&apos;s target time is the time a trained dealer needs for one item. The dashboard counts an answer right and within the target; the mastery rule and exams&apos; speed pass mark use it. Until the centre sets one, a skill keeps the drills&apos; own target (intermediate level). Every change is kept as a new version, with who made it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drills&apos; target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Centre&apos;s target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 on %2 (version %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>as the drills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+52"/>
        <location line="+54"/>
        <source>Choose a skill in the table first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Type the target time in seconds: the drills&apos; own for %1 is %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>“%1” is not a target time: type the seconds, between %2 and %3, to a tenth of a second at most (for example 6.5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The target of %1 is now %2 (version %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 already follows the drills&apos; own target (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 follows the drills&apos; own target again: %2 (version %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The share that is close to mastery (%1 %) cannot be above the share that masters a skill (%2 %).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The mastery rule is set: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SummaryView</name>
    <message>
        <location filename="../../ui/drills/feedback.py" line="+66"/>
        <source>Skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Median time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item by item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every item of the exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 of %2 right (%3%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>PASSED — the pass mark is %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NOT PASSED — the pass mark is %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Items not answered: %1 (counted as not right).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This is this computer&apos;s preview: the centre&apos;s server grades the sitting, and its result is the one that counts (your transcript shows it once graded).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Time: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>no answer in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>a bet that is not on the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no option chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Your answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Correct answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Worked solution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>⏱ Time was up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✓ Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✗ Not right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Basis: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Article: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TableExam</name>
    <message>
        <location filename="../../ui/table/exam.py" line="+50"/>
        <source>Collect</source>
        <extracomment>The step kinds as the results name them.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay, return, move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Marker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Irregularities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 of %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Table exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No verdict is shown while you deal: every step is recorded and judged, each round ends when you declare it settled (S), and at the end you see your score and every mistake on the round&apos;s replay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rounds:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pass mark:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Start the exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Table exam: %1 · %2 right steps of %3 · pass mark %4 · %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rounds (choose one to see its replay):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Round %1: %2 · mistakes: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Round %1: %2 · no mistakes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table exam results</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TableIrregular</name>
    <message>
        <location filename="../../rules/caribbean_stud/irregular.py" line="-80"/>
        <source>A card exposed while dealing</source>
        <extracomment>What the felt&apos;s banner says of each (the panel says the rest), in the table&apos;s context.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A dealer&apos;s card exposed while dealing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two cards exposed while dealing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A hand dealt to a box without a bet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The shuffling machine fails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cards dealt the wrong way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A wrong number of cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/table/irregular.py" line="+97"/>
        <source>A bet after the bell</source>
        <extracomment>What the felt says of each event (short: the panel says the rest).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A chip falls into the wheel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Winning chips knocked over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die off the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A cocked die</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A player asks for odds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+39"/>
        <source>The ball is spinning.</source>
        <extracomment>The events that come before the ball rests or the dice are read.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The dice are not read yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shooter throws.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Ruling: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+136"/>
        <source>Click a choice (a double click rules with it), or pick one with ↑/↓ or its number, then Enter or Rule so.</source>
        <extracomment>The round&apos;s bets by target, to name the bet an irregularity is about (whose it is).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Irregularity: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The bet: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rule so ↵</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/irregular.py" line="-166"/>
        <source>The shaker opened too soon</source>
        <extracomment>The void throws, by the house setting that rules each. What the felt&apos;s banner says of each (the panel says the rest), in the table&apos;s context.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die leaning in the shaker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shaker not shaken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A bet after &quot;no more bets&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TableReplay</name>
    <message>
        <location filename="../../ui/table/replay.py" line="+175"/>
        <source>Missed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The rules of this version judge some steps otherwise than when they were recorded: the verdicts shown are this version&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Step %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The table as dealt · steps: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The table as dealt. Forward: → or Enter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The right ruling: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+49"/>
        <source>◀ Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forward ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The table as dealt (Home)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The last step (End)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One step back (←)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One step forward (→ or Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay of a round</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TableResults</name>
    <message>
        <location filename="../../ui/instructor/table_results.py" line="-490"/>
        <source>Marker</source>
        <extracomment>A step kind, as stored, in words; a kind this version has no words for is &quot;other steps&quot;.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progressive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Irregularity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>below the target</source>
        <extracomment>Where a pace stands against its target.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>at the target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>above the target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>table procedure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Another game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+90"/>
        <source>Table rounds · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+132"/>
        <location line="+168"/>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-151"/>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+170"/>
        <source>Rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-169"/>
        <source>Time per round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Most common mistakes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>The cohort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A trainee no longer listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No rounds at the live table in this period.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The cohort: %1 rounds by %2 trainees · time per round %3 · %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Choose a trainee&apos;s row to see their rounds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Results at the live table (Enter or double-click: a trainee&apos;s rounds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Rounds and replays ↵</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The chosen trainee&apos;s rounds, each with its replay step by step on the felt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Pace against the house&apos;s target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mistakes, the most common first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>An hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Mistake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Articles</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TableRounds</name>
    <message>
        <location filename="../../ui/instructor/table_rounds.py" line="+49"/>
        <source>Practice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>wrong amount</source>
        <extracomment>The judge&apos;s mistake codes as the instructor reads them (never the code itself).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>out of turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>paid before collecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a loser paid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a winner collected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a stake collected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a wrong action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>settled twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an undecided bet settled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a step not needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a bet not on the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>marker on the wrong number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>moved to the wrong point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>two players paid together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a step missed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/instructor/table_results.py" line="-494"/>
        <location filename="../../ui/instructor/table_rounds.py" line="+5"/>
        <source>another mistake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/instructor/table_rounds.py" line="+107"/>
        <source>Rounds this version cannot replay: %1.</source>
        <extracomment>The rounds the drill-down reads of a trainee: the newest (each is played again to show it).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No rounds at the live table yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Rounds: %1 · time per round %2 · most common mistakes: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1, %2: %3 an hour, the target %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>This version cannot replay that round.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Dealt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mistakes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What went wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Replay ↵</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The chosen round, step by step on the felt</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TraineePasswordDialog</name>
    <message>
        <location filename="../../ui/instructor/roster.py" line="+351"/>
        <source>Set an instructor&apos;s password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Set a trainee&apos;s password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>New password for %1. Tell it to them in person; they sign in with it once and then choose their own (the old one no longer works).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;New password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Repeat it:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Set the password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The two passwords differ.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TraineeView</name>
    <message>
        <location filename="../../ui/instructor/dashboard.py" line="+196"/>
        <source>Trainee:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Period:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skill:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Assigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>All answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wrong answers only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load older answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Weakest skills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source> (archived)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>waiting for grading since %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not taken yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1/%2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TraineesPanel</name>
    <message>
        <location filename="../../ui/instructor/people.py" line="-337"/>
        <source>New trainee&apos;s full name</source>
        <extracomment>The table&apos;s columns (staff number and group: issue 15).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Login (made from the name if empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+20"/>
        <source>Login</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-16"/>
        <source>Password (at least %1 characters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Staff number (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Staff number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Add trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff no.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Set the pass&amp;word…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>An archived trainee can no longer sign in; their answers and exams stay in the records and in the reports.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+54"/>
        <source>The staff number %1 is %2&apos;s: each trainee has their own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+53"/>
        <source>%1 signs in with the new password from now on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Rename %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>New name for %1 (their answers, exams and login stay theirs):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Staff number of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff number of %1 (empty: none):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+36"/>
        <source>%1&apos;s staff number is now %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 has no staff number now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Archive %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Archive %1? They can no longer sign in. Their answers, exams and reports stay, and Restore brings them back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Archive %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/instructor/roster.py" line="-65"/>
        <source>The password must have at least %1 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/instructor/people.py" line="+11"/>
        <source>A staff number has up to 32 letters (a to z), digits, “-”, “/”, “.” or “_”, and starts with a letter or a digit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/instructor/roster.py" line="+8"/>
        <source>A login starts with a letter (a to z) and has only letters a to z, digits, “_”, “.” and “-”, at most 63 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/instructor/people.py" line="-225"/>
        <source>archived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-35"/>
        <location line="+228"/>
        <source>Arch&amp;ive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-227"/>
        <source>Rename…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sta&amp;ff number…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>same name as another profile: rename one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no password yet: set one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>A trainee named “%1” is already registered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“%1” is the name of the registered trainee “%2”: names that differ only in capitals, letter width, spaces or invisible characters are one name. If this is another person, add what tells them apart (a second name).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The login “%1” is taken: choose another one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A name must have 1 to 100 visible characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 can now sign in with the login %2 and the password you gave, once: at that sign-in they choose their own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+102"/>
        <source>%1 is now %2; their answers stay theirs.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrendPane</name>
    <message>
        <location filename="../../ui/instructor/dashboard.py" line="-501"/>
        <source>%1 answers · %2 correct · typical time %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrendPlots</name>
    <message>
        <location filename="../../ui/instructor/plots.py" line="+99"/>
        <source>Accuracy</source>
        <extracomment>The narrowest span of the date axis: with one day of answers the axis still shows dates.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>% correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time per answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>One skill: the median time of each day. All skills: the median of the skills&apos; daily medians, each weighted by its number of answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No answers in this period.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UnverifiedWarning</name>
    <message>
        <location filename="../../ui/kit/unverified.py" line="+31"/>
        <source>Lab connection: the server is not verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This workstation does not check that the server it signs in to is the training centre&apos;s (DEALER_TRAINER_LAB_UNVERIFIED_SERVER is on and the server&apos;s URL has no sslmode=verify-full): another machine could pose as the server and see every password and record. For a test lab only, never with real trainees.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Welcome</name>
    <message>
        <location filename="../../ui/trainee/launcher.py" line="+357"/>
        <source>Not recorded: nobody is signed in (this computer&apos;s user is “%1”), so no instructor can follow these answers and nothing is kept. Sign in with the login and password your instructor gave you (Sign in… on the left).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WelcomeDialog</name>
    <message>
        <location filename="../../ui/window/welcome.py" line="+61"/>
        <source>Welcome to the Macau Dealer Trainer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Instructor:&lt;/b&gt; create your account in &lt;i&gt;Instructor › Instructor views…&lt;/i&gt; (Ctrl+I), with your name and a password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Instructor:&lt;/b&gt; your account exists; open &lt;i&gt;Instructor › Instructor views…&lt;/i&gt; (Ctrl+I).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Instructor:&lt;/b&gt; register each trainee by their full name, with a login and a password, in the &lt;i&gt;Trainee profiles&lt;/i&gt; tab. A name is one person: “Ana Lei” and “ana lei” are the same name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Trainee:&lt;/b&gt; sign in with your login and password (&lt;i&gt;Sign in…&lt;/i&gt; on the left), then start a drill (&lt;i&gt;Drills&lt;/i&gt; menu). Every answer is recorded for you and your instructor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This training room is not set up yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No trainee is registered yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Until then anyone may practise under this computer&apos;s login name (%1). Those answers are not recorded: the name is not a registered trainee, so they belong to nobody an instructor can follow.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Start practising</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Create the instructor account…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the &amp;instructor views…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <location filename="../../app.py" line="+224"/>
        <source>Macau Dealer Trainer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bets</name>
    <message>
        <location filename="../../ui/kit/bet_names.py" line="+49"/>
        <source>%1 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>certificates</name>
    <message>
        <location filename="../../reports/certificates.py" line="+77"/>
        <source>Transcript: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Made on %1 by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Exam sittings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+4"/>
        <source>passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-2"/>
        <source>waiting for grading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (sitting %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../reports/pdf.py" line="+783"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pass mark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../reports/pdf.py" line="+1"/>
        <source>In time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed mark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>An exam with live-table rounds: the score counts each item as one step and each round as the steps it was judged on; in time counts the items right within their target and the rounds dealt without a mistake within the house&apos;s pace, over the items and the rounds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>In time: the share of the exam&apos;s items answered right within the skill&apos;s target time. Speed mark: the share an exam requires in time (empty: none). Time: the time spent on the answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 in time: the exam was built before target times were kept, so nothing in it was timed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No exam sat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 holds no certification yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Certificate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Certificate of dealer training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This certifies that</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>passed the certification exam in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Score %1 · in time %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Score %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Valid until %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Instructor: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../reports/certification_text.py" line="+69"/>
        <source>%1 (now %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>now named %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>certified as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Dealer training centre</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>valid until %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>expired on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../reports/pdf.py" line="-11"/>
        <source>Certifications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No certification.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Passed on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Approved by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../reports/exam_parts.py" line="+36"/>
        <source>live table: %1 rounds, %2/%3 steps right, %4 within the pace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Items %1/%2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>csv</name>
    <message>
        <location filename="../../reports/csv_export.py" line="+35"/>
        <source>Answer no.</source>
        <extracomment>The columns, in order (English; the header row is written in the instructor&apos;s language).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff no.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exam or practice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session no.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answered (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ruleset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seconds taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answer given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>App version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Exam</source>
        <extracomment>How each kind of session is named in the &quot;Exam or practice&quot; column.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Practice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Practice (timed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Practice (review)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+121"/>
        <source>yes</source>
        <extracomment>The first characters that make Excel, LibreOffice or Google Sheets read a cell as a formula (OWASP&apos;s list): such a cell is written with a leading apostrophe, as text. Given and expected answer of a stored answer, in words (the UI passes the drill-down&apos;s).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waiting for grading</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dashboard</name>
    <message>
        <location filename="../../ui/instructor/dashboard.py" line="-125"/>
        <source>Last %1 days</source>
        <extracomment>A cell&apos;s margins beside its text, in pixels (the item&apos;s text margins and some air).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>All skills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Typical time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>drills</name>
    <message>
        <location filename="../../ui/trainee/launcher.py" line="-583"/>
        <source>Beginner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Intermediate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Advanced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <location filename="../../ui/trainee/menu.py" line="+31"/>
        <source>&amp;Practise</source>
        <extracomment>Where the launcher keeps the trainee&apos;s last choices (QSettings). Mnemonics chosen not to clash with the main window&apos;s (Alt+F, V, D, I menus; Alt+G, R, T of its side panel).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ti&amp;med</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/trainee/menu.py" line="+2"/>
        <source>&amp;Exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/trainee/menu.py" line="+3"/>
        <source>Ta&amp;ble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Revie&amp;w</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>My mista&amp;kes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+96"/>
        <source>G&amp;ame</source>
        <extracomment>Where the sessions&apos; rulesets are looked up: the app&apos;s, with the house rulesets (by default the shipped rulesets only). The assigned exam with live-table rounds being sat (``ui.exams.sitting``).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Diffic&amp;ulty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Mock exam si&amp;ze</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Skills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../ui/trainee/menu.py" line="+62"/>
        <source>Drills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+369"/>
        <source>My mistakes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/drills/screen.py" line="-259"/>
        <source>Drills — %1</source>
        <extracomment>The question panel beside the felt: wide enough for a keypad, never wider than a column. Where a drill window&apos;s size is remembered (see ``ui.kit.geometry``).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/trainee/menu.py" line="-66"/>
        <source>&amp;Timed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>My &amp;mistakes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+64"/>
        <source>&amp;Drills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose a &amp;drill…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Review my e&amp;xams…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Sign in first to review your exams.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/kit/rendering.py" line="-57"/>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/drills/screen.py" line="-232"/>
        <source>Practice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/drills/situation.py" line="+76"/>
        <location filename="../../ui/table/stud_deal.py" line="+448"/>
        <source>Dealer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../ui/table/stud_deal.py" line="+16"/>
        <source>Box %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/drills/feedback.py" line="-548"/>
        <source>(fewest chips: %1)</source>
        <extracomment>The grader&apos;s sentences that restate the right answer, shown by the panel itself.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Collect: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (in any order)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>felt</name>
    <message>
        <location filename="../../layouts/craps.py" line="+63"/>
        <source>SIX</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NINE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+1"/>
        <source>7 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>9 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>BIG 6 · 7 to 6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 8 · 7 to 6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 5 · 7 to 5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 9 · 7 to 5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 4 · 9 to 5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 10 · 9 to 5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../layouts/labels.py" line="+48"/>
        <source>1st 12 · 1–12</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>2nd 12 · 13–24</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>3rd 12 · 25–36</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>2 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 – 18</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../layouts/sic_bo.py" line="+62"/>
        <source>EVEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BLACK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../layouts/sic_bo.py" line="-1"/>
        <source>ODD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>19 – 36</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NINE NUMBERS · 3 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TWELVE NUMBERS · 2 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>WHEEL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PASS LINE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DON&apos;T PASS BAR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>COME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DON&apos;T COME BAR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DON&apos;T COME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FIELD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PAYS DOUBLE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ODDS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LAY ODDS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 7 · 4½ to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ELEVEN · 15 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ANY CRAPS · 7 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HARD WAYS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../layouts/sic_bo.py" line="-1"/>
        <source>BIG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OFF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ANTE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RAISE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JACKPOT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DEALER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHUFFLER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CHIP TRAY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PROGRESSIVE JACKPOT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ROYAL FLUSH</source>
        <extracomment>The hands the progressive pays (Art. 10(2)), as its display posts them, highest first.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>STRAIGHT FLUSH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>FOUR OF A KIND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>FULL HOUSE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FLUSH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>BET</source>
        <extracomment>A box&apos;s progressive bet, drawn on its spot (the regulation gives it no amount to show).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARIBBEAN STUD POKER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DEALER QUALIFIES WITH ACE-KING OR BETTER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../layouts/sic_bo.py" line="-3"/>
        <source>SIC BO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHAKER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SMALL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>LOSES ON ANY TRIPLE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ANY TRIPLE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>%1 TO %2</source>
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/kit/games.py" line="+1"/>
        <source>Craps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/kit/games.py" line="+1"/>
        <location line="+32"/>
        <source>Caribbean Stud Poker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/kit/games.py" line="-31"/>
        <source>Sic Bo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/kit/games.py" line="+3"/>
        <source>Despacho n.º 53/2010 approved a new craps regulation and revoked Portaria n.º 97/85/M (craps-1985). Only part of the 2010 text is on file, so craps-1985 stays the default for graded drills.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Roulette (single zero)</source>
        <extracomment>The titles of the regulation&apos;s own rulesets (their TOML ``title``), for translation. A house ruleset&apos;s title is the house&apos;s own words and is shown as written.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Craps (Portaria n.º 97/85/M)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Craps line bets (Despacho n.º 53/2010, payout table pending Art. 6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sic Bo (house pay table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Baccarat</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>instructor</name>
    <message>
        <location filename="../../ui/instructor/menu.py" line="+55"/>
        <source>&amp;Instructor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Instructor views…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Lock the instructor views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Instructor views</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>reports</name>
    <message>
        <location filename="../../reports/charts.py" line="+88"/>
        <source>No answers in this period.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../reports/text.py" line="+72"/>
        <location filename="../../ui/drills/answer_words.py" line="-26"/>
        <source>no answer in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../reports/pdf.py" line="-393"/>
        <source>%1 to %2 · made %3 by %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1 answers on %2 days · %3 correct · typical time %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Accuracy per day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Typical time per answer, per day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Skills, weakest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+209"/>
        <source>Answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-208"/>
        <location line="+209"/>
        <source>Accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-208"/>
        <location line="+209"/>
        <source>Typical time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-561"/>
        <source>page %1 of %2</source>
        <extracomment>Latin faces for the report text, the first installed is used. Not the app&apos;s CJK fallback: its digits reach the PDF without their text (a report must be searchable); Chinese names still print, Qt falls back per character.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+353"/>
        <source>Target time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Target time: what a trained dealer needs for one item of the skill at the intermediate level, the drills&apos; timed target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Training report: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+173"/>
        <source>Exams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-168"/>
        <source>not taken yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+164"/>
        <source>Exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-163"/>
        <source>Assigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+165"/>
        <source>Pass mark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-164"/>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No exam assigned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+63"/>
        <source>Cohort report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Group report: %1 (started %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Trainees, lowest accuracy first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source> (archived)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Trainee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff no.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weakest skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>No exam set.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Set on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Assigned to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sat it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Passed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sandbox</name>
    <message>
        <location filename="../../ui/sandbox/panel.py" line="+78"/>
        <source>%1: the odds would win more than the bet they back.</source>
        <extracomment>The panel&apos;s width beside the felt (device-independent pixels). Why the rules core refused a bet, by its code (its own sentence is English and names ids).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+1"/>
        <source>%1: the odds are over their limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: not accepted while no point is on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: made before a come-out roll only, and a point is on (an interpretation: the text decides the bet on its first throw and does not say when it may be made).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: no odds on a come-out roll.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: a come bet cannot lie on the point&apos;s own number while that point is on (the throw that took it there decided the point).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: there is no bet for these odds to back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: a box plays only with an ante on it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: the raise is exactly twice the ante.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: over the table&apos;s maximum for this bet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: under the table&apos;s minimum for this bet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: the house does not offer this bet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: the ruleset does not allow this bet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <source>%1: not accepted at this moment of the game.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: the rules refuse this bet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No box has an ante: every box first bets the ante (%1). Place an ante, then settle.</source>
        <extracomment>Why the felt&apos;s bets make no round at all, by the sandbox&apos;s code (%1: the article).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Choose the winning number: type it, click it on the felt, or spin at random.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is not a number of this wheel (0 to %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Winning &amp;number:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spin at rando&amp;m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Or click a number on the felt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Puc&amp;k (point):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OFF (come-out roll)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source>Dic&amp;e:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-2"/>
        <source>T&amp;hrow at random</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>S&amp;hake at random</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+73"/>
        <source>The dealer&apos;s hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Box %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 has %2 cards: five are dealt (e.g. AS KD 7C 5H 2S), or deal at random.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: %2 is not a card (rank A K Q J T 9 … 2, then suit S H C D).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: %2 is dealt twice (also in %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <source>De&amp;aler:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Box %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;eed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deal at rando&amp;m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Five cards each, rank then suit: AS KD 7C 5H 2S (T is a ten).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+200"/>
        <source>There are no bets on the felt: place chips, then settle.</source>
        <extracomment>The felt was settled again (the answer on show changed). The answer was taken off the felt: placing bets again.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The rules core cannot settle this outcome: choose another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+72"/>
        <source>Collected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Paid: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The house&apos;s net: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No step: nothing on the felt is decided.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Step %1 of %2: %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+49"/>
        <source>The ball rests on %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the point is %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a come-out roll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Thrown: %1 = %2, %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The dice: %1 (total %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The hands are shown down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Not settled:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Steps with the same number may be done in any order among themselves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Interpretation (the order of lines, streets and corners): an order either official text of Art. 5(1) allows is right; the list follows the Portuguese text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Interpretation (Big bets, Arts. 9 to 11): a Big bet that is not a whole number of blocks (6 units on Big 6 and 8, 5 on the others) is paid by the block as the text says, and the rest 1 to 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>House procedure: every losing bet is collected before any is paid; the regulation sets no order of settlement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>House procedure: the decided bets are settled in any order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>House pay table: Sic Bo&apos;s regulation is not on file. Losers are collected first (table procedure), then the winners in the house&apos;s order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Table procedure: the regulation sets no order for the antes and raises; progressive awards come after them, in the order of Art. 10(4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Interpretation (Art. 6(7)): a folded box&apos;s cards are collected unopened with its ante, so it cannot win the progressive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A progressive stake has no step of its own: it is not collected or returned by the dealer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Place bets on the felt, choose the outcome, then Settle: the rules core settles every bet and lists the dealer&apos;s steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>What if: settle the felt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Back to placing bets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The dealer&apos;s ste&amp;ps:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previo&amp;us step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ne&amp;xt step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>lost: to collect</source>
        <extracomment>What each ring on the felt says (the overlay&apos;s colours and styles).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>won: the payout beside it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>returned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>moves to its come point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no decision: stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not allowed: not settled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the step chosen</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>stage</name>
    <message>
        <location filename="../../ui/drills/stage.py" line="+105"/>
        <source>a bet of a kind this version does not know</source>
        <extracomment>The drill level that made the item, when stored (the chips of its float), else none.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 (%2) is not on this felt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: %2 cannot be made with the table&apos;s chips</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+73"/>
        <location line="+9"/>
        <source>The recorded situation has no table to draw.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>storage</name>
    <message>
        <location filename="../../ui/window/app_store.py" line="+134"/>
        <source>Each person signs in with their own login on this training centre&apos;s server: the records open when someone signs in.</source>
        <extracomment>Opens the records as one person: login, password, progress (server mode). ``storage.engine.DB_URL_ENV``, read here without loading storage (SQLAlchemy) at start-up. ``storage.engine.UNVERIFIED_LAB_ENV``, the lab&apos;s switch, read here the same way.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The records are still being opened: try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+166"/>
        <location line="+42"/>
        <source>The records could not be opened: %1</source>
        <extracomment>The house rulesets of ``rulesets`` changed (loaded from the database). What opening is waiting for, in a sentence (a lock held elsewhere). The store is open: screens may use it now. Opening failed: the sentence says why and what to do. The daily backup work after opening is done (``store().problems`` has its outcome). Server mode: the records opened as this ``Person``, who is signed in. Server mode: the sign-in failed; the ``StorageError`` says why (never the password). The rulesets the app knows: the shipped ones, and the house rulesets the records keep (given again whenever they are read); handed to every screen that looks a ruleset up by id. Why a kept house ruleset cannot be used here, one sentence each.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+89"/>
        <source>The daily backup could not be made: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studdeal</name>
    <message>
        <location filename="../../ui/table/stud_calls.py" line="+24"/>
        <source>Out of order: this card goes to %1. From the shoe: one card at a time to each box with a bet, left to right, the dealer last; from the machine: five at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The first card is dealt: a progressive bet is refused now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No card is dealt yet: the progressive bet is accepted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Refuse it: the raise is exactly twice the ante, %2, not %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is exactly twice the ante: the raise is accepted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The dealer&apos;s hand %1: it needs at least an ace and a king, or any pair or better (the standard reading of Art. 9(1): an interpretation, a setting of the ruleset).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not now: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Box %1 offers a progressive bet.</source>
        <extracomment>What each moment waits for, in words (the prompt, and &quot;not now&quot;).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deal: click the box the next card goes to, or press its number (0: dealer).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Deal from the machine: click the box the next five cards go to, or press its number (0: dealer).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The deal stops: rule the irregularity (Art. 11) above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Box %1 raises %2 on an ante of %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Box %1 folds: collect its cards and its ante (C or Enter).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The dealer&apos;s hand is turned: does it qualify? (Q: yes, W: no)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>box %1&apos;s progressive bet is answered first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the cards are dealt first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the irregularity is ruled first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>box %1&apos;s raise is answered first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>box %1&apos;s fold is collected first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the dealer&apos;s qualification is called first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the dealer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>box %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Card to the dealer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Card to box %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Progressive bet of box %1 accepted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Progressive bet of box %1 refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Raise of box %1 accepted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Raise of box %1 refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The dealer qualifies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The dealer does not qualify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+41"/>
        <source>qualifies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>does not qualify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the cards are out and the dealer has called.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/table/stud_deal.py" line="-331"/>
        <source>The round is over.</source>
        <extracomment>The answers in one row: a box each and the dealer while dealing (seven boxes at most).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The round is void (Art. 11): return every ante; the progressive bets stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The showdown: settle each box (Art. 9).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The showdown: settle each box (Art. 9), then the progressive awards (Art. 10).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Box %1 (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dealer (0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Accept the bet (A)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refuse the bet (X)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Accept the raise (A)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refuse the raise (X)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Collect the cards and the ante (C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Qualifies (Q)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Does not qualify (W)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+215"/>
        <source>The round is void: the cards are collected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No card is dealt yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cards dealt: %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>table</name>
    <message>
        <location filename="../../ui/table/bets.py" line="+36"/>
        <source>red chips</source>
        <extracomment>The roulette colour chips&apos; names (the engine&apos;s ``COLOURS``).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>blue chips</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>green chips</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>yellow chips</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>purple chips</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>orange chips</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>white chips</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 — %2</source>
        <extracomment>How the colour chips are drawn (a ring round the bet&apos;s stack).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>seat %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+46"/>
        <source>House procedure: the Sic Bo regulation&apos;s articles are not on file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Table procedure, not in the regulation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Marker on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collect %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progressive award, %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Round settled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+59"/>
        <source>a bet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-48"/>
        <source>The marker goes on the winning number first.</source>
        <extracomment>What the plan wanted of a bet, said when the trainee did something else to it.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 lost: it is collected, not paid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 won: it is paid, not collected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is returned to the player.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 moves to its come point.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 wins a progressive award.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not yet: collect %3 first; every losing bet is collected before any is paid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Out of turn: %3 comes before %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 ties on 12: the tie decides nothing, so it stays where it is, untouched (nothing collected, paid or handed back).</source>
        <extracomment>A Don&apos;t bet that ties on 12 on its first throw (Art. 3(1) «empatando»).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+40"/>
        <source>another bet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-56"/>
        <source>%1 is not paid %2: count the payout again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is settled already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 stays on the table: this throw decides nothing for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 needs nothing from the dealer now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>That bet is not on the table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The marker goes on the winning number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 moves to its come point, the number thrown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bets are paid together only when they are one player&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not finished: %1 is still to settle.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <location line="+14"/>
        <source>the marker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-4"/>
        <location filename="../../ui/table/stud_calls.py" line="-20"/>
        <source>This step is not right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/table/screen.py" line="+147"/>
        <source>Table · Practice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table · Timed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table · Exam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 spins an hour</source>
        <extracomment>Where the table remembers whether it was last played timed (QSettings). The pace in words, per game: one round of the table is a spin, a throw or a round.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>%1 throws an hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-1"/>
        <source>%1 rounds an hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Target: %1 spins an hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>Target: %1 throws an hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Target: %1 rounds an hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ahead of the target of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>at the target of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>behind the target of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+48"/>
        <location line="+3"/>
        <source>Add a chip of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Empty the float</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+257"/>
        <source>Give up this round?</source>
        <extracomment>An assigned exam&apos;s rounds (``ui.exams.sitting``): no practice before or after, and its sitting shows the results once the last round is over (the screen closes). The question open now (giving up a round not settled), ``None`` when none is. Caribbean Stud: the deal before the showdown (its own module).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This round is not settled yet. Give it up and deal the next one?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Give up the round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Keep dealing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The steps not done count as missed in the exam&apos;s score.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The steps not done count as missed, and the round counts as given up, not settled: the pace counts its time, not a round.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+63"/>
        <source>The marker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+162"/>
        <source>No bet in hand: click a bet or press Tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Paying %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>In hand: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Take a bet in hand first: click it or press Tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Put the payout in the float first: chips or digits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+81"/>
        <source>The round is settled, but its end was not recorded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Round settled. Steps: %1 · mistakes: %2 · time: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+49"/>
        <source>Next round: N or Enter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Round %1 of %2 is over.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The results: N or Enter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+67"/>
        <source>The round&apos;s time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The table&apos;s pace: rounds settled an hour over the rounds&apos; own times; the target is the house&apos;s (a ruleset setting), not the regulation&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>1 round given up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 rounds given up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>This step was not recorded, so it does not count: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Round %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Round %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The ball is in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/table/craps_hand.py" line="+24"/>
        <source>Point %1 — throw %2 of this shooter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Come-out roll — new shooter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Come-out roll — throw %1 of this shooter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Seven-out: new shooter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Point made: the puck goes OFF; a come-out roll next.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The point is %1: the puck goes ON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The throw: %1 and %2, %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/table/screen.py" line="+10"/>
        <source>The dice: %1, %2 and %3, a total of %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Exam…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sit an exam of rounds: no verdict while you deal, the score and each round&apos;s replay at the end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Timed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the round&apos;s time and the table&apos;s pace against the house&apos;s target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>End</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collect (C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay ↵</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return (R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move to the point (M)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Place the marker (M)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progressive award (P)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Round settled (S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next round (N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Tab: next bet · click chips or type the amount, Backspace takes back · Enter or a click on the bet places the payout beside it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Live table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/table/still_to_settle.py" line="+160"/>
        <source>The round is over.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every bet is dealt with: S declares the round settled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Nothing left to settle: S declares the round settled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not dealt with yet: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Still to settle: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
