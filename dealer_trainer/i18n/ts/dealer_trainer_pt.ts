<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt">
<context>
    <name></name>
    <message>
        <location filename="../../drills/caribbean_stud.py" line="+55"/>
        <source>royal flush (黃袍麒)</source>
        <translation>royal flush (sequência real, 黃袍麒)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>straight flush (同花順)</source>
        <translation>sequência de cor (同花順)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+13"/>
        <source>four of a kind (四條)</source>
        <translation>póquer (四條)</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>full house (夫盧)</source>
        <translation>full house (夫盧)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>flush (同花)</source>
        <translation>cor (同花)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>straight (順)</source>
        <translation>sequência (順)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+13"/>
        <source>three of a kind (三條)</source>
        <translation>trinca (三條)</translation>
    </message>
    <message>
        <location line="-12"/>
        <location line="+13"/>
        <source>two pairs (兩對)</source>
        <translation>dois pares (兩對)</translation>
    </message>
    <message>
        <location line="-12"/>
        <location line="+13"/>
        <source>one pair (一對)</source>
        <translation>um par (一對)</translation>
    </message>
    <message>
        <location line="-12"/>
        <location line="+13"/>
        <source>high card (五張散牌)</source>
        <translation>carta alta (五張散牌)</translation>
    </message>
    <message>
        <location line="+148"/>
        <source>What is this hand: {cards}?</source>
        <translation>Que mão é esta: {cards}?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{cards}: {name}.</source>
        <translation>{cards}: {name}.</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Hand A: {cards}</source>
        <translation>Mão A: {cards}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hand B: {cards}</source>
        <translation>Mão B: {cards}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A tie: the hands push</source>
        <translation>Empate: nenhuma das mãos ganha</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Which hand wins?</source>
        <translation>Que mão ganha?</translation>
    </message>
    <message>
        <location line="+142"/>
        <source>The dealer qualifies: open the players&apos; cards.</source>
        <translation>A banca qualifica-se: abra as cartas dos jogadores.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The dealer does not qualify: pay every ante 1 to 1 and return every raise.</source>
        <translation>A banca não se qualifica: pague cada ante a 1 para 1 e devolva cada aumento.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The dealer turns over {cards}. Does the dealer qualify?</source>
        <translation>O croupier vira as cartas da banca: {cards}. A banca qualifica-se?</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>it qualifies (at least A and K, or a pair or better).</source>
        <translation>qualifica-se (pelo menos A e K, ou um par ou mão superior).</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>qualifies</source>
        <translation>qualifica-se</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>does not qualify</source>
        <translation>não se qualifica</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Ante {ante} wins {win} (1 to 1); the raise of {raised} is returned (Art. 9(2)).</source>
        <translation>O ante de {ante} ganha {win} (1 para 1); o aumento de {raised} é devolvido (art. 9.º, n.º 2).</translation>
    </message>
    <message>
        <location line="+50"/>
        <location filename="../../drills/craps.py" line="+190"/>
        <location filename="../../drills/roulette.py" line="+120"/>
        <location filename="../../drills/sic_bo.py" line="+208"/>
        <source>Total to pay: {total}.</source>
        <translation>Total a pagar: {total}.</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>The dealer&apos;s hand is higher: collect the ante and the raise (Art. 9(4)).</source>
        <translation>A mão da banca é superior: recolha o ante e o aumento (art. 9.º, n.º 4).</translation>
    </message>
    <message>
        <location line="-333"/>
        <source>Art. 8 decides for the other hand. {why}</source>
        <translation>O art. 8.º dá a vitória à outra mão. {why}</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Class first: the higher class of Art. 8 wins, whatever the cards in it.</source>
        <translation>Primeiro a categoria: ganha a categoria mais alta do art. 8.º, sejam quais forem as cartas.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Two royal flushes: the higher suit wins (♠ &gt; ♥ &gt; ♣ &gt; ♦) (Art. 8(1)).</source>
        <extracomment>Art. 8, item by item: how two hands of the same class are compared.</extracomment>
        <translation>Dois royal flushes: ganha o naipe mais alto (♠ &gt; ♥ &gt; ♣ &gt; ♦) (art. 8.º, n.º 1).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two straight flushes: the higher top card wins (K-Q-J-10-9 the highest, 5-4-3-2-A the lowest); equal ranks: the higher suit (Art. 8(2)).</source>
        <translation>Duas sequências de cor: ganha a de carta mais alta maior (K-Q-J-10-9 a mais alta, 5-4-3-2-A a mais baixa); valores iguais: o naipe mais alto (art. 8.º, n.º 2).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Two fours of a kind: the higher four wins; the fifth card does not count (Art. 8(3)).</source>
        <translation>Dois póqueres: ganha o de valor mais alto; a quinta carta não conta (art. 8.º, n.º 3).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two full houses: the higher three of a kind wins; the pair does not count (Art. 8(4)).</source>
        <translation>Dois full houses: ganha o da trinca mais alta; o par não conta (art. 8.º, n.º 4).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two flushes: the highest cards are compared, then the next highest, and so on; all equal: the higher suit (Art. 8(5)).</source>
        <translation>Duas cores: comparam-se as cartas mais altas, depois as seguintes, e assim por diante; tudo igual: o naipe mais alto (art. 8.º, n.º 5).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Two straights: the higher top card wins (5-4-3-2-A is the lowest, its top card the 5); equal ranks: the suit of the highest card (Art. 8(6)).</source>
        <translation>Duas sequências: ganha a de carta mais alta maior (5-4-3-2-A é a mais baixa, a sua carta mais alta é o 5); valores iguais: o naipe da carta mais alta (art. 8.º, n.º 6).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Two threes of a kind: the higher three wins; the two odd cards do not count (Art. 8(7)).</source>
        <translation>Duas trincas: ganha a de valor mais alto; as duas cartas soltas não contam (art. 8.º, n.º 7).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two pairs against two pairs: the higher pair first, then the lower pair, then the odd card; all equal: the suit of the higher pair (Art. 8(8)).</source>
        <translation>Dois pares contra dois pares: primeiro o par mais alto, depois o par mais baixo, depois a carta solta; tudo igual: o naipe do par mais alto (art. 8.º, n.º 8).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Pair against pair: the pair&apos;s rank first, then the odd cards from the highest down; all equal: the suit of the pair (Art. 8(9)).</source>
        <translation>Par contra par: primeiro o valor do par, depois as cartas soltas da mais alta para baixo; tudo igual: o naipe do par (art. 8.º, n.º 9).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Five odd cards: the highest cards are compared, then the next highest, and so on; all equal: the suit of the highest card (Art. 8(10)).</source>
        <translation>Cinco cartas soltas: comparam-se as cartas mais altas, depois as seguintes, e assim por diante; tudo igual: o naipe da carta mais alta (art. 8.º, n.º 10).</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>hand A</source>
        <translation>mão A</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>hand B</source>
        <translation>mão B</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{rule} Same ranks, so the suit decides: {hand} has the {card}, the other hand the {other}.</source>
        <translation>{rule} Valores iguais, por isso decide o naipe: a {hand} tem {card}, a outra mão {other}.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{rule} Compared in that order, hand A has {ranks_a} and hand B has {ranks_b}: {hand} wins.</source>
        <translation>{rule} Comparando por essa ordem, a mão A tem {ranks_a} e a mão B tem {ranks_b}: ganha a {hand}.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Art. 9(1) asks the dealer to hold at least an ace and a king, and Art. 9(3) opens the boxes when the dealer&apos;s hand is the same or greater: the dealer qualifies with A-K high or any pair or better.</source>
        <extracomment>Art. 9(1), (3), as the ruleset&apos;s setting ``dealer_qualification`` reads them.</extracomment>
        <translation>O art. 9.º, n.º 1, exige que a banca tenha pelo menos um ás e um rei, e o n.º 3 manda abrir as posições quando a mão da banca for igual ou maior: a banca qualifica-se com A-K ou com qualquer par ou mão superior.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>{cards} holds no pair and not both an ace and a king: the dealer does not qualify (Art. 9(1)).</source>
        <translation>{cards} não tem nenhum par nem, ao mesmo tempo, um ás e um rei: a banca não se qualifica (art. 9.º, n.º 1).</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>it does not qualify (no pair, and not both an ace and a king).</source>
        <translation>não se qualifica (nenhum par, e não tem ao mesmo tempo um ás e um rei).</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>a royal flush&apos;s raise pays {ratio} to 1 here: Art. 9(5)(9) lets the house choose from 50 to 1 up to 100 to 1, with the approval of the DICJ (Art. 13).</source>
        <translation>aqui o aumento de um royal flush paga {ratio} para 1: o art. 9.º, n.º 5, alínea 9), deixa a casa escolher entre 50 para 1 e 100 para 1, com a autorização da DICJ (art. 13.º).</translation>
    </message>
    <message>
        <location line="+111"/>
        <source>Same ranks: under this house&apos;s rule the ante and the raise are returned.</source>
        <translation>Valores iguais: pela regra desta casa, a aposta de ante e o aumento são devolvidos.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>equal ranks push here, where Art. 8 would let the suit decide.</source>
        <translation>aqui, valores iguais dão empate, quando pelo art. 8.º decidiria o naipe.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Box 4 raised on an ante of {ante}. How much do you pay box 4? (Stakes returned are not part of the payout.)</source>
        <translation>A posição 4 fez o aumento sobre um ante de {ante}. Quanto paga à posição 4? (As apostas devolvidas não fazem parte do pagamento.)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Does the dealer qualify? Then who wins? Then the raise by the pay table.</source>
        <translation>A banca qualifica-se? Depois, quem ganha? Por fim, o aumento pela tabela de pagamentos.</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Pool before the round: {pool}.</source>
        <extracomment>The minimum the pool restarts from once a royal flush takes it (Art. 10(8)).</extracomment>
        <translation>Fundo antes da jogada: {pool}.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Pool after the round: {after} (a royal flush took it: it restarts at its minimum).</source>
        <translation>Fundo depois da jogada: {after} (um royal flush levou-o: recomeça no seu valor mínimo).</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Straight flush: 10% of the pool as it stood before the round&apos;s first award, or the fixed award, the higher; royal flush: the pool the straight flushes left, or the fixed award, the higher; four of a kind, full house, flush: the fixed award.</source>
        <translation>Sequência de cor: 10% do fundo tal como estava antes do primeiro prémio da jogada, ou o prémio fixo, o que for maior; royal flush: o fundo que as sequências de cor deixaram, ou o prémio fixo, o que for maior; póquer, full house, cor: o prémio fixo.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Straight flush: 10% of the pool as it stands, or the fixed award, the higher; royal flush: the pool or the fixed award, the higher; four of a kind, full house, flush: the fixed award.</source>
        <translation>Sequência de cor: 10% do fundo tal como está, ou o prémio fixo, o que for maior; royal flush: o fundo ou o prémio fixo, o que for maior; póquer, full house, cor: o prémio fixo.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Paid in the order {order}: box by box from the dealer&apos;s left (Art. 10(4)), the royal flush after every other award (Art. 10(7)).</source>
        <translation>Pago pela ordem {order}: posição a posição a partir da esquerda da banca (art. 10.º, n.º 4), o royal flush depois de todos os outros prémios (art. 10.º, n.º 7).</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Paid in the order {order}: box by box from the dealer&apos;s left (Art. 10(4)).</source>
        <translation>Pago pela ordem {order}: posição a posição a partir da esquerda da banca (art. 10.º, n.º 4).</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Box {box}, {name}: 10% of {base} = {award}, more than the fixed award; the pool goes from {before} to {after}.</source>
        <translation>Posição {box}, {name}: 10% de {base} = {award}, mais do que o prémio fixo; o fundo passa de {before} para {after}.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Box {box}, {name}: the fixed award, {award} (10% of {base} is not more); paid by the house, the pool stays at {after}.</source>
        <translation>Posição {box}, {name}: o prémio fixo, {award} (10% de {base} não é mais); pago pela casa, o fundo fica em {after}.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Box {box}, {name}: the pool, {award}, more than the fixed award.</source>
        <translation>Posição {box}, {name}: o fundo, {award}, mais do que o prémio fixo.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Box {box}, {name}: the fixed award, {award} (the pool, {before}, is not more); paid by the house, the pool stays at {after}.</source>
        <translation>Posição {box}, {name}: o prémio fixo, {award} (o fundo, {before}, não é mais); pago pela casa, o fundo fica em {after}.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Box {box}, {name}: the fixed award, {award}, paid by the house; it leaves the pool as it is.</source>
        <translation>Posição {box}, {name}: o prémio fixo, {award}, pago pela casa; o fundo fica como está.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Art. 10(6), 「各得“累進大獎”之一成」: each straight flush of the round receives 10% of the same jackpot, the pool as it stood before the round&apos;s first award.</source>
        <translation>Art. 10.º, n.º 6, «各得“累進大獎”之一成»: cada sequência de cor da jogada recebe 10% do mesmo prémio progressivo, o fundo tal como estava antes do primeiro prémio da jogada.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Art. 10(6): each straight flush receives 10% of the pool as the previous award left it (this house&apos;s setting).</source>
        <translation>Art. 10.º, n.º 6: cada sequência de cor recebe 10% do fundo tal como o prémio anterior o deixou (regra desta casa).</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Art. 10(7): every royal flush is paid after all other awards of the round and takes the pool as they left it (this house&apos;s setting).</source>
        <translation>Art. 10.º, n.º 7: cada royal flush é pago depois de todos os outros prémios da jogada e recebe o fundo tal como estes o deixaram (regra desta casa).</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>An award paid at its fixed amount is paid by the house and leaves the pool as it is; only a share of the pool reduces it (Art. 10(8)).</source>
        <translation>Um prémio pago pelo seu valor fixo é pago pela casa e deixa o fundo como está; só uma parte do fundo o reduz (art. 10.º, n.º 8).</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>When the share of the pool equals the fixed award, the fixed award is paid, by the house, and the pool stays.</source>
        <translation>Quando a parte do fundo é igual ao prémio fixo, paga-se o prémio fixo, pela casa, e o fundo fica como está.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A share of the pool is rounded down to the cent.</source>
        <translation>Uma parte do fundo é arredondada por defeito ao cêntimo.</translation>
    </message>
    <message>
        <location line="-227"/>
        <source>Pool after the round: {after}.</source>
        <translation>Fundo depois da jogada: {after}.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The progressive is paid on the player&apos;s hand alone, whether or not the dealer qualifies (Art. 10(2)).</source>
        <translation>O prémio progressivo é pago só pela mão do jogador, quer a banca se qualifique quer não (art. 10.º, n.º 2).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>When a royal flush takes the pool, the pool restarts at its minimum, {minimum} (Art. 10(8)).</source>
        <translation>Quando um royal flush leva o fundo, este recomeça no seu valor mínimo, {minimum} (art. 10.º, n.º 8).</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The progressive pool shows {pool}. Every box bet the progressive. What does box {box} receive from the progressive?</source>
        <translation>O fundo do jackpot progressivo mostra {pool}. Todas as posições fizeram a aposta progressiva. Quanto recebe a posição {box} do jackpot progressivo?</translation>
    </message>
    <message>
        <location line="+197"/>
        <source>While dealing from the shoe you expose one player&apos;s card by mistake.</source>
        <translation>Ao dar as cartas pelo sabot, expõe por engano uma carta de um jogador.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>While dealing from the shoe you expose one of the dealer&apos;s own cards by mistake.</source>
        <translation>Ao dar as cartas pelo sabot, expõe por engano uma das cartas da própria banca.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>While dealing you expose two cards by mistake.</source>
        <translation>Ao dar as cartas, expõe duas cartas por engano.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>You deal a hand to box 5, where nobody has bet.</source>
        <translation>Dá uma mão à posição 5, onde ninguém apostou.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shuffling machine jams halfway through the deal.</source>
        <translation>A máquina de baralhar encrava a meio da distribuição.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Box 2 has received six cards.</source>
        <translation>A posição 2 recebeu seis cartas.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>You dealt the dealer&apos;s cards first, before the boxes.</source>
        <translation>Deu primeiro as cartas da banca, antes das posições.</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>The round is void: antes and raises are returned, progressive bets carry over to the next round, bets are placed again and the cards dealt again.</source>
        <extracomment>The rulings a misdeal item offers (Art. 11), by key.</extracomment>
        <translation>A jogada é anulada: as apostas de ante e de aumento são devolvidas, as apostas progressivas transitam para a jogada seguinte, as apostas voltam a ser feitas e as cartas voltam a ser dadas.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The round stands and play goes on as usual.</source>
        <translation>A jogada mantém-se e o jogo prossegue normalmente.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The round stands; the exposed dealer&apos;s card stays up and the dealer&apos;s other cards, the fifth included, are dealt face down.</source>
        <translation>A jogada mantém-se; a carta exposta da banca fica voltada para cima e as outras cartas da banca, incluindo a quinta, são dadas voltadas para baixo.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>That hand is dead; the round goes on as usual.</source>
        <translation>Essa mão é morta; a jogada prossegue normalmente.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The round is void and every bet is returned, the progressive bets included.</source>
        <translation>A jogada é anulada e todas as apostas são devolvidas, incluindo as apostas progressivas.</translation>
    </message>
    <message>
        <location line="-28"/>
        <source>{situation} What does the regulation rule?</source>
        <translation>{situation} O que determina o regulamento?</translation>
    </message>
    <message>
        <location line="-930"/>
        <source>a royal flush (黃袍麒)</source>
        <extracomment>The hand classes as a sentence names a hand: &quot;Dealer: …, two pairs (兩對)&quot;, &quot;is a flush (同花)&quot;.</extracomment>
        <translation>um royal flush (sequência real, 黃袍麒)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a straight flush (同花順)</source>
        <translation>uma sequência de cor (同花順)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a full house (夫盧)</source>
        <translation>um full house (夫盧)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a flush (同花)</source>
        <translation>uma cor (同花)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a straight (順)</source>
        <translation>uma sequência (順)</translation>
    </message>
    <message>
        <location line="+135"/>
        <source>This hand is {name}, not {wrong} (Art. 8).</source>
        <extracomment>Hand classes high to low (Art. 8 order). Hand classes to draw, by difficulty (rare ones are made on purpose).</extracomment>
        <translation>Esta mão é {name}, não {wrong} (art. 8.º).</translation>
    </message>
    <message>
        <location line="+141"/>
        <source>Both hands hold {name} with the same ranks: under this house&apos;s rule the hands push.</source>
        <translation>As duas mãos têm {name} com os mesmos valores: pela regra desta casa, as mãos empatam.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The class decides first (Art. 8): {better} beats {worse}; {hand} wins.</source>
        <translation>Decide primeiro a categoria (art. 8.º): {better} bate {worse}; ganha a {hand}.</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>{cards} is {name}: A-K high or any pair or better qualifies (Art. 9(1), (3)).</source>
        <translation>{cards} é {name}: A-K ou qualquer par ou mão superior qualifica-se (art. 9.º, n.os 1 e 3).</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>{cards} is {name}: {verdict}</source>
        <translation>{cards} é {name}: {verdict}</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>the raise of four of a kind, a straight flush or a royal flush may not exceed the maximum payout per round the house posts (Art. 9(5)(7)-(9)); this table posts none.</source>
        <translation>o aumento de um póquer, de uma sequência de cor ou de um royal flush não pode exceder o pagamento máximo por jogada que a casa afixa (art. 9.º, n.º 5, alíneas 7) a 9)); esta mesa não afixa nenhum.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the raise of four of a kind, a straight flush or a royal flush may not exceed the maximum payout per round the house posts (Art. 9(5)(7)-(9)); this table&apos;s maximum is {cap}.</source>
        <translation>o aumento de um póquer, de uma sequência de cor ou de um royal flush não pode exceder o pagamento máximo por jogada que a casa afixa (art. 9.º, n.º 5, alíneas 7) a 9)); o máximo desta mesa é {cap}.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Dealer: {cards}, {name}; {qualifies}.</source>
        <translation>Banca: {cards}, {name}; {qualifies}.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Ante {ante} × 1 = {ante_win}; raise {raised} × {ratio} = {raise_win}, as {article} pays {name}.</source>
        <translation>Ante {ante} × 1 = {ante_win}; aumento {raised} × {ratio} = {raise_win}, como o {article} paga {name}.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Ante {ante} × 1 = {ante_win}; raise {raised} × {ratio} = {full_win}, as {article} pays {name}, capped at this table&apos;s maximum payout: {raise_win}.</source>
        <translation>Ante {ante} × 1 = {ante_win}; aumento {raised} × {ratio} = {full_win}, como o {article} paga {name}, limitado ao pagamento máximo desta mesa: {raise_win}.</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>the fixed awards are the house&apos;s, posted at the table (Art. 10(3)): royal flush {royal_flush}, straight flush {straight_flush}, four of a kind {four_of_a_kind}, full house {full_house}, flush {flush}.</source>
        <extracomment>The posted fixed awards of the progressive drills (Art. 10(3)).</extracomment>
        <translation>os prémios fixos são os da casa, afixados na mesa (art. 10.º, n.º 3): royal flush {royal_flush}, sequência de cor {straight_flush}, póquer {four_of_a_kind}, full house {full_house}, cor {flush}.</translation>
    </message>
    <message>
        <location line="+150"/>
        <source>Paid in the order {order}: box by box from the dealer&apos;s left (Art. 10(4)), except that a royal flush seated before a straight flush waits for it and is paid right after the last straight flush (Art. 10(7)).</source>
        <translation>Pago pela ordem {order}: posição a posição a partir da esquerda da banca (art. 10.º, n.º 4), salvo que o royal flush de uma posição anterior à de uma sequência de cor espera por esta e é pago logo a seguir à última sequência de cor (art. 10.º, n.º 7).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Paid in the order {order}: box by box from the dealer&apos;s left (Art. 10(4)); the straight flushes already come before the royal flush, so it keeps its turn (Art. 10(7)).</source>
        <translation>Pago pela ordem {order}: posição a posição a partir da esquerda da banca (art. 10.º, n.º 4); as sequências de cor já vêm antes do royal flush, que por isso mantém a sua vez (art. 10.º, n.º 7).</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>Art. 10(7) moves only the royal flush, and only as far as it must: it is paid at its own box&apos;s turn unless a straight flush of the round is still unpaid then, and in that case right after the last straight flush; it takes the pool as the straight flushes left it, and every other award keeps its box order.</source>
        <translation>O art. 10.º, n.º 7, só muda o lugar do royal flush, e só o necessário: é pago na vez da sua posição, a menos que nessa altura uma sequência de cor da jogada esteja ainda por pagar, e nesse caso logo a seguir à última sequência de cor; recebe o fundo tal como as sequências de cor o deixaram, e todos os outros prémios mantêm a ordem das posições.</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>The round is void: antes and raises are returned, progressive bets carry over to the next round; the machine is replaced or the cards are dealt from the shoe.</source>
        <translation>A jogada é anulada: as apostas de ante e de aumento são devolvidas, as apostas progressivas transitam para a jogada seguinte; a máquina é substituída ou as cartas são dadas do sapato.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The round stands; the exposed dealer&apos;s card is turned down again and the dealer&apos;s fifth card is dealt face up as usual.</source>
        <translation>A jogada mantém-se; a carta exposta da banca é de novo voltada para baixo e a quinta carta da banca é dada voltada para cima, como de costume.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The round stands and the hand in the empty box is played like the others.</source>
        <translation>A jogada mantém-se e a mão da posição vazia é jogada como as outras.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>This irregularity voids the round ({article}).</source>
        <extracomment>The wrong rulings each right one is offered with: each is wrong by Art. 11 for that case. &quot;The round stands and play goes on as usual&quot; is never offered where it is also true (a hand to an empty box, Art. 11(3); one exposed dealer&apos;s card, where the round stands too), and the two void rulings never together.</extracomment>
        <translation>Esta irregularidade anula a jogada ({article}).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>That is the rule for one exposed dealer&apos;s card only (Art. 11(2)); this irregularity voids the round ({article}).</source>
        <translation>Essa regra aplica-se só a uma carta exposta da banca (art. 11.º, n.º 2); esta irregularidade anula a jogada ({article}).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>That is the rule for cards dealt to a box without a bet (Art. 11(3)); this irregularity voids the round ({article}).</source>
        <translation>Essa regra aplica-se a cartas dadas a uma posição sem aposta (art. 11.º, n.º 3); esta irregularidade anula a jogada ({article}).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The progressive bets are not returned: they carry over to the next round ({article}).</source>
        <translation>As apostas progressivas não são devolvidas: transitam para a jogada seguinte ({article}).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cards dealt to a box without a bet do not void the round: that hand is dead and the round goes on as usual (Art. 11(3)).</source>
        <translation>Cartas dadas a uma posição sem aposta não anulam a jogada: essa mão é morta e a jogada prossegue normalmente (art. 11.º, n.º 3).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No card was exposed: the cards went to a box without a bet, so that hand is dead and the round goes on as usual (Art. 11(3)).</source>
        <translation>Nenhuma carta foi exposta: as cartas foram para uma posição sem aposta, por isso essa mão é morta e a jogada prossegue normalmente (art. 11.º, n.º 3).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A hand dealt to a box without a bet is dead: it is not played (Art. 11(3)).</source>
        <translation>Uma mão dada a uma posição sem aposta é morta: não é jogada (art. 11.º, n.º 3).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>One card exposed by mistake does not void the round: it stands (Art. 11(2)).</source>
        <translation>Uma carta exposta por engano não anula a jogada: esta mantém-se (art. 11.º, n.º 2).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The exposed dealer&apos;s card stays face up, and the dealer&apos;s other cards, the fifth included, are dealt face down (Art. 11(2)).</source>
        <translation>A carta exposta da banca fica voltada para cima, e as outras cartas da banca, incluindo a quinta, são dadas voltadas para baixo (art. 11.º, n.º 2).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No hand is dead: one card was exposed, the round stands, and the exposed dealer&apos;s card stays face up while the dealer&apos;s other cards are dealt face down (Art. 11(2)).</source>
        <translation>Nenhuma mão é morta: uma carta foi exposta, a jogada mantém-se, e a carta exposta da banca fica voltada para cima enquanto as outras cartas da banca são dadas voltadas para baixo (art. 11.º, n.º 2).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>That is the rule when the exposed card is the dealer&apos;s (Art. 11(2)); a player&apos;s card: play goes on as usual.</source>
        <translation>Essa regra aplica-se quando a carta exposta é da banca (art. 11.º, n.º 2); sendo de um jogador, o jogo prossegue normalmente.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The exposed card is a player&apos;s: play goes on as usual, and the dealer&apos;s fifth card is dealt face up as always (Art. 11(2), Art. 7).</source>
        <translation>A carta exposta é de um jogador: o jogo prossegue normalmente, e a quinta carta da banca é dada voltada para cima, como sempre (art. 11.º, n.º 2, art. 7.º).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No hand is dead: one card was exposed, the round stands and play goes on as usual (Art. 11(2)).</source>
        <translation>Nenhuma mão é morta: uma carta foi exposta, a jogada mantém-se e o jogo prossegue normalmente (art. 11.º, n.º 2).</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>the dealer</source>
        <translation>a banca</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>box {box}</source>
        <translation>a posição {box}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{where}, face up</source>
        <translation>{where}, voltada para cima</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{where}, face down</source>
        <translation>{where}, voltada para baixo</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cards go left to right to the boxes with a bet, the dealer last; only the dealer&apos;s fifth card is face up (Art. 7).</source>
        <translation>As cartas vão da esquerda para a direita para as posições com aposta, e a banca recebe em último lugar; só a quinta carta da banca fica voltada para cima (art. 7.º).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>one card at a time from the shoe</source>
        <translation>uma carta de cada vez, pelo sabot</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>five cards at a time from the shuffling machine</source>
        <translation>cinco cartas de cada vez, pela máquina de baralhar</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Boxes {boxes} have bets. Dealing {how}, where does card number {number} go?</source>
        <translation>As posições {boxes} têm apostas. Ao dar as cartas ({how}), para onde vai a carta n.º {number}?</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Order of seats: {order}, then the dealer; card {number} goes to {where}.</source>
        <translation>Ordem dos lugares: {order} e, por fim, a banca; a carta n.º {number} vai para {where}.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Name the hand</source>
        <extracomment>The skills of this game, in the order the launcher lists them (drills.skills gathers them).</extracomment>
        <translation>Identificar a mão</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The ten hands of Art. 8.</source>
        <translation>As dez mãos do art. 8.º.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Compare hands</source>
        <translation>Comparar mãos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which hand wins, down to the suit (♠ &gt; ♥ &gt; ♣ &gt; ♦).</source>
        <translation>Que mão ganha, até ao naipe (♠ &gt; ♥ &gt; ♣ &gt; ♦).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Does the dealer qualify?</source>
        <translation>A banca qualifica-se?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At least an ace and a king (Art. 9(1)).</source>
        <translation>Pelo menos um ás e um rei (art. 9.º, n.º 1).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Ante and raise</source>
        <translation>Ante e aumento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ante 1 to 1, the raise by the pay table of Art. 9(5).</source>
        <translation>Ante a 1 para 1; o aumento pela tabela de pagamentos do n.º 5 do art. 9.º.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Progressive jackpot</source>
        <translation>Jackpot progressivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Awards, their order and the pool (Art. 10).</source>
        <translation>Os prémios, a sua ordem e o fundo (art. 10.º).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Misdeals</source>
        <translation>Erros na distribuição</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exposed cards, empty boxes, a failing shuffler (Art. 11).</source>
        <translation>Cartas expostas, posições vazias, avaria da máquina de baralhar (art. 11.º).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Dealing order</source>
        <translation>Ordem de distribuição</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Left to right, the dealer last, the fifth card face up (Art. 7).</source>
        <translation>Da esquerda para a direita, a banca em último lugar, a quinta carta voltada para cima (art. 7.º).</translation>
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
        <translation>uma aposta de linha</translation>
    </message>
    <message>
        <location line="+188"/>
        <source>a bet that is not on the table</source>
        <extracomment>How a bet is named when it is not on the table (an answer named a bet the item has not).</extracomment>
        <translation>uma aposta que não está na mesa</translation>
    </message>
    <message>
        <location filename="../../drills/craps.py" line="-2"/>
        <source>Nothing wins on this throw: there is nothing to pay.</source>
        <translation>Nenhuma aposta ganha neste lançamento: não há nada a pagar.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Pay only the bets this throw decided; the stake stays with the player.</source>
        <translation>Pague só as apostas que este lançamento decidiu; o valor apostado continua a ser do jogador.</translation>
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
        <translation>{first}, {next}</translation>
    </message>
    <message>
        <location line="-294"/>
        <source>{first}-{second} ({total})</source>
        <translation>{first}-{second} ({total})</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+30"/>
        <source>The shooter throws {throw}. How much do you pay in all?</source>
        <translation>O lançador tira {throw}. Quanto paga no total?</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Pass Line {line}, the point is {point}. In chips of {chip}, what is the largest odds bet the player may take?</source>
        <translation>Pass Line de {line}, o ponto é o {point}. Em fichas de {chip}, qual é a maior aposta adicional que o jogador pode fazer?</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The odds&apos; win may never exceed the line bet (Art. 2(2)); on {point} odds pay {ratio}.</source>
        <translation>O ganho da aposta adicional nunca pode exceder a aposta de linha (art. 2.º, n.º 2); no {point}, a aposta adicional paga {ratio}.</translation>
    </message>
    <message>
        <location line="-164"/>
        <location line="+167"/>
        <source>{win} to {stake}</source>
        <translation>{win} para {stake}</translation>
    </message>
    <message>
        <location line="-358"/>
        <source>Losing bets, to collect: {bets}.</source>
        <extracomment>The table as the last throw found it: what the felt shows, and how its bets are named.</extracomment>
        <translation>Apostas perdedoras, a recolher: {bets}.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{bet}: {number} is its come point; it moves to {number} ({article})</source>
        <translation>{bet}: o {number} é o seu ponto; passa para o {number} ({article})</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>{bet}: {stake} at {ratio} wins {win} ({article})</source>
        <translation>{bet}: {stake} a {ratio} ganha {win} ({article})</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>{article} prices the Big bets in dollars (&quot;$6,00&quot;, &quot;$5,00&quot;); this ruleset reads one dollar as {unit} of the table&apos;s currency, so a block is {block}.</source>
        <translation>O {article} fixa as apostas Big em dólares («$6,00», «$5,00»); este conjunto de regras lê um dólar como {unit} da moeda da mesa, pelo que um bloco é {block}.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{bet}: {blocks} × {block} at {ratio} win {block_win}, and the remainder {rest} at {short} wins {rest_win} (an interpretation, see below): {win} in all ({article})</source>
        <translation>{bet}: {blocks} × {block} a {ratio} ganham {block_win}, e o resto de {rest} a {short} ganha {rest_win} (uma interpretação, ver abaixo): {win} no total ({article})</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>{article} fixes the win of one block of {block} and of a bet under it, not of a remainder over full blocks; the remainder is paid {short}, as a bet under the block is.</source>
        <translation>O {article} fixa o prémio de um bloco de {block} e de uma aposta inferior a ele, não o de um resto acima de blocos inteiros; o resto é pago a {short}, como uma aposta inferior ao bloco.</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>{bet}: {blocks} × {block} at {ratio}: {stake} wins {win} ({article})</source>
        <translation>{bet}: {blocks} × {block} a {ratio}: {stake} ganha {win} ({article})</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{bet}: {stake} is under one block of {block}, so it is paid {short}: wins {win} ({article})</source>
        <translation>{bet}: {stake} é inferior a um bloco de {block}, por isso é paga a {short}: ganha {win} ({article})</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{bet}: {stake} is under one block of {block}, paid {short} (an interpretation, see below): wins {win} ({article})</source>
        <translation>{bet}: {stake} é inferior a um bloco de {block}, paga a {short} (uma interpretação, ver abaixo): ganha {win} ({article})</translation>
    </message>
    <message>
        <location line="-62"/>
        <source>{article} does not say how a Big {number} bet under {block} is paid: {short}, as Arts. 9 and 10 pay a bet under the block.</source>
        <translation>O {article} não diz como se paga uma aposta Big {number} inferior a {block}: {short}, como os art.os 9.º e 10.º pagam uma aposta inferior ao bloco.</translation>
    </message>
    <message>
        <location line="-109"/>
        <source>{bet}: not decided; its stake is handed back ({article})</source>
        <translation>{bet}: não é decidida; a sua importância é devolvida ({article})</translation>
    </message>
    <message>
        <location line="+194"/>
        <source>{bet}: 12 is a tie for it; the tie decides nothing, so the bet stays where it is, untouched (nothing collected, paid or handed back), and the next throw is again its first ({article})</source>
        <translation>{bet}: o 12 é um empate para ela; o empate nada decide, por isso a aposta fica onde está, intacta (nada se recolhe, paga ou devolve), e o lançamento seguinte é de novo o seu primeiro ({article})</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{bet}: {number} becomes the point; no decision on this throw, it stays on the layout ({article})</source>
        <translation>{bet}: o {number} passa a ser o ponto; não é decidida neste lançamento, fica na mesa ({article})</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{bet}: no decision on this throw; it stays on the layout ({article})</source>
        <translation>{bet}: não é decidida neste lançamento; fica na mesa ({article})</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{bet} ({stake}, {article})</source>
        <translation>{bet} ({stake}, {article})</translation>
    </message>
    <message>
        <location line="+116"/>
        <source>the largest odds bet</source>
        <translation>a maior aposta adicional</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The largest odds bet wins exactly the line bet: {line} × {inverse} = {exact}.</source>
        <translation>A maior aposta adicional é a que ganha exactamente o valor da aposta de linha: {line} × {inverse} = {exact}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>In chips of {chip}: {largest}.</source>
        <translation>Em fichas de {chip}: {largest}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Which odds bet wins exactly the amount of the line bet?</source>
        <translation>Que aposta adicional ganha exactamente o valor da aposta de linha?</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/craps/irregular.py" line="+193"/>
        <source>{article} says the odds&apos; win &quot;may never exceed&quot; the line bet; the limit is applied when the odds are taken, so the largest odds bet is the one whose win equals the line bet, and a larger one is refused.</source>
        <translation>O {article} diz que o ganho adicional «nunca poderá exceder» a aposta inicial; o limite aplica-se quando a aposta adicional é feita, pelo que a maior aposta adicional é aquela cujo ganho iguala a aposta de linha, e uma maior é recusada.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The point is {point}; the shooter throws {throw}. How much do you pay?</source>
        <translation>O ponto é o {point}; o lançador tira {throw}. Quanto paga?</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The shooter throws {throw}. How much do you pay?</source>
        <translation>O lançador tira {throw}. Quanto paga?</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>{bet} ({stake}) loses on this throw ({article}).</source>
        <translation>{bet} ({stake}) perde neste lançamento ({article}).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{bet} ({stake}) wins on this throw ({article}).</source>
        <translation>{bet} ({stake}) ganha neste lançamento ({article}).</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The shooter throws {throw}. Click the bets in the order you settle them.</source>
        <translation>O lançador tira {throw}. Clique nas apostas pela ordem em que as liquida.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Settle only the bets this throw decided, losing bets first; the others stay on the layout.</source>
        <translation>Liquide apenas as apostas que este lançamento decidiu, primeiro as perdedoras; as outras ficam na mesa.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>every losing bet is collected before any winner is paid. The craps regulation sets no order of settlement; this is the table&apos;s procedure.</source>
        <translation>todas as apostas perdedoras são recolhidas antes de se pagar qualquer aposta ganhadora. O regulamento do craps não fixa uma ordem de liquidação; este é o procedimento da mesa.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>this table settles the decided bets in any order; the craps regulation sets no order of settlement.</source>
        <translation>esta mesa liquida as apostas decididas por qualquer ordem; o regulamento do craps não fixa uma ordem de liquidação.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The right order: first collect {losers}; then pay {winners}.</source>
        <translation>A ordem certa: primeiro recolha {losers}; depois pague {winners}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The right order: settle {bets}, in any order.</source>
        <translation>A ordem certa: liquide {bets}, por qualquer ordem.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>A bet you settled is not on the layout.</source>
        <translation>Uma aposta que liquidou não está na mesa.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} ties on 12: the tie decides nothing, so it stays where it is, untouched ({article}).</source>
        <translation>{bet} empata com o 12: o empate nada decide, por isso fica onde está, intacta ({article}).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} has no decision on this throw: it stays on the layout ({article}).</source>
        <translation>{bet} não é decidida neste lançamento: fica na mesa ({article}).</translation>
    </message>
    <message>
        <location line="+5"/>
        <location filename="../../drills/grading.py" line="+85"/>
        <location line="+122"/>
        <source>You settled {bet} twice.</source>
        <translation>Liquidou {bet} duas vezes.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{loser} must be collected before {winner} is paid; you paid {winner} first (table procedure, not in the regulation).</source>
        <translation>{loser} tem de ser recolhida antes de se pagar {winner}; pagou {winner} primeiro (procedimento da mesa, não consta do regulamento).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{bet} loses on this throw and was never collected ({article}).</source>
        <translation>{bet} perde neste lançamento e não foi recolhida ({article}).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} is not decided and its stake was never handed back ({article}).</source>
        <translation>{bet} não é decidida e a sua importância nunca foi devolvida ({article}).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} wins on this throw and was never paid ({article}).</source>
        <translation>{bet} ganha neste lançamento e não foi paga ({article}).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{bet} was never moved to its come point ({article}).</source>
        <translation>{bet} não foi levada para o seu ponto ({article}).</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>One die shows {face}; the other bounces off the table. What is the throw?</source>
        <translation>Um dado mostra {face}; o outro salta para fora da mesa. Qual é o resultado do lançamento?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No throw: it is invalid and repeated; no bet is decided.</source>
        <translation>Não há resultado: o lançamento é inválido e repete-se; nenhuma aposta é decidida.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Count the die on the table twice: {total}.</source>
        <translation>Conta-se duas vezes o dado que ficou na mesa: {total}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A throw with a die off the table is not valid at all (Art. 1).</source>
        <translation>Um lançamento com um dado fora da mesa não tem qualquer validade (art. 1.º).</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/craps/irregular.py" line="-116"/>
        <source>Throw the lost die again and add it to {face}.</source>
        <translation>Lança-se de novo o dado perdido e soma-se a {face}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/craps/irregular.py" line="+3"/>
        <source>The whole throw is repeated, not one die (Art. 1).</source>
        <translation>Repete-se o lançamento inteiro, não apenas um dado (art. 1.º).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>It counts as a 7: the line bets lose.</source>
        <translation>Conta como um 7: as apostas de linha perdem.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An invalid throw decides no bet (Art. 1).</source>
        <translation>Um lançamento inválido não decide nenhuma aposta (art. 1.º).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>One die shows {face}. The other leans on a chip stack: {high} is the more exposed upper face, {low} the less. What is the throw?</source>
        <translation>Um dado mostra {face}. O outro está encostado a uma pilha de fichas: {high} é a face superior mais exposta e {low} a menos exposta. Qual é o resultado do lançamento?</translation>
    </message>
    <message>
        <location line="+8"/>
        <location filename="../../rules/craps/irregular.py" line="+45"/>
        <source>{total}: the most exposed upper face counts.</source>
        <translation>{total}: conta a face superior mais exposta.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No roll: a cocked die makes the throw invalid.</source>
        <translation>Lançamento nulo: um dado inclinado torna o lançamento inválido.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/craps/irregular.py" line="+8"/>
        <source>Only a die leaving the table makes a throw invalid (Art. 1).</source>
        <translation>Só um dado que sai da mesa torna o lançamento inválido (art. 1.º).</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/craps/irregular.py" line="+4"/>
        <source>{total}: the less exposed face counts.</source>
        <translation>{total}: conta a face menos exposta.</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../rules/craps/irregular.py" line="+4"/>
        <source>The most exposed upper face counts, {high}, not the less exposed {low} (Art. 1).</source>
        <translation>Conta a face superior mais exposta, {high}, não a menos exposta, {low} (art. 1.º).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The dealer lifts the chip stack and lets the die fall.</source>
        <translation>O croupier levanta a pilha de fichas e deixa o dado cair.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The die is read as it lies: its most exposed upper face (Art. 1).</source>
        <translation>O dado lê-se tal como está: pela face superior mais exposta (art. 1.º).</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Line and come bets</source>
        <extracomment>The skills of this game, in the order the launcher lists them (drills.skills gathers them).</extracomment>
        <translation>Apostas de linha e Come</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pass, Don&apos;t Pass, Come and Don&apos;t Come through a shooter&apos;s hand.</source>
        <translation>Pass Line, Don&apos;t Pass, Come e Don&apos;t Come ao longo da série de lançamentos de um lançador.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Largest odds bet</source>
        <translation>Maior aposta adicional</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The odds&apos; win may not exceed the line bet (Art. 2(2)).</source>
        <translation>O ganho da aposta adicional não pode exceder a aposta de linha (art. 2.º, n.º 2).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Odds payouts</source>
        <translation>Prémios das apostas adicionais</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line bets with odds at 2:1, 3:2, 6:5 and lay odds at 1:2, 2:3, 5:6.</source>
        <translation>Apostas de linha com aposta adicional a 2:1, 3:2, 6:5 e, do lado Don&apos;t, a 1:2, 2:3, 5:6.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>3, 4, 9, 10, 11 pay even; 2 and 12 pay double.</source>
        <translation>3, 4, 9, 10 e 11 pagam 1 para 1; 2 e 12 pagam o dobro.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Hard ways</source>
        <translation>Hard Ways</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hard 6 and 8 pay 9 to 1, hard 4 and 10 pay 7 to 1.</source>
        <translation>Hard 6 e 8 pagam 9 para 1; hard 4 e 10 pagam 7 para 1.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Big 7, Eleven, Any Craps</source>
        <translation>Big 7, Eleven, Any Craps</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One-roll bets at 4½, 15 and 7 to 1.</source>
        <translation>Apostas de um só lançamento a 4½, 15 e 7 para 1.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Big 6/8, 5/9, 4/10</source>
        <translation>Big 6/8, 5/9, 4/10</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>7 to 6, 7 to 5 and 9 to 5 on the full blocks, even money on the rest.</source>
        <translation>7 para 6, 7 para 5 e 9 para 5 nos blocos completos; 1 para 1 no resto.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Collect, then pay</source>
        <translation>Recolher, depois pagar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take every losing bet before paying any winner.</source>
        <translation>Recolha todas as apostas perdedoras antes de pagar qualquer aposta ganhadora.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Invalid throws and cocked dice</source>
        <translation>Lançamentos inválidos e dados inclinados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die off the table; a die that does not lie flat (Art. 1).</source>
        <translation>Um dado fora da mesa; um dado que não fica assente numa face (art. 1.º).</translation>
    </message>
    <message>
        <location line="-216"/>
        <location filename="../../drills/grading.py" line="-273"/>
        <source>Time is up.</source>
        <translation>Acabou o tempo.</translation>
    </message>
    <message>
        <location filename="../../drills/grading.py" line="+11"/>
        <source>The right amount is {amount}.</source>
        <translation>O montante certo é {amount}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The right answer: {answer}</source>
        <translation>A resposta certa: {answer}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The right order: {order}.</source>
        <translation>A ordem certa: {order}.</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>{bets} (in any order)</source>
        <translation>{bets} (por qualquer ordem)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{first} → {next}</source>
        <translation>{first} → {next}</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Your chips make {given}; the payout is {amount}.</source>
        <translation>As suas fichas somam {given}; o pagamento é {amount}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Your chips make {given}; {what} is {amount}.</source>
        <translation>As suas fichas somam {given}; {what} é {amount}.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Right amount, but {given} chips where {fewest} would do.</source>
        <translation>Montante certo, mas com {given} fichas quando bastavam {fewest}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+4"/>
        <source>Right: {amount}.</source>
        <translation>Certo: {amount}.</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>No amount was given.</source>
        <translation>Não foi indicado nenhum montante.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>You said {given}; the payout is {amount} ({difference} {direction}).</source>
        <translation>Indicou {given}; o pagamento é {amount} ({difference} {direction}).</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>too much</source>
        <translation>a mais</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>The right order shown follows {text} of Art. 5(1); {other} orders six-lines, streets and corners its own way, and its order is right too (see the worked solution).</source>
        <translation>A ordem certa indicada segue {text} do art. 5.º, n.º 1; {other} ordena as linhas, as ruas e os quadros à sua maneira, e a sua ordem também está certa (ver a resolução).</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>too little</source>
        <translation>a menos</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>You said {given}; {what} is {amount} ({difference} {direction}).</source>
        <translation>Indicou {given}; {what} é {amount} ({difference} {direction}).</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>{bet} is not settled now: leave it where it is.</source>
        <translation>{bet} não se decide agora: deixe-a onde está.</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+123"/>
        <source>You settled {bet}.</source>
        <translation>Liquidou {bet}.</translation>
    </message>
    <message>
        <location line="-117"/>
        <location line="+122"/>
        <source>You never collected {bet}.</source>
        <translation>Não recolheu {bet}.</translation>
    </message>
    <message>
        <location line="-120"/>
        <location line="+121"/>
        <source>You never paid {bet}.</source>
        <translation>Não pagou {bet}.</translation>
    </message>
    <message>
        <location line="-102"/>
        <source>{before} must be collected before {early}; you collected {early} first.</source>
        <translation>{before} deve ser recolhida antes de {early}; recolheu primeiro {early}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{before} must be collected before {early} is paid; you paid {early} first.</source>
        <translation>{before} deve ser recolhida antes de se pagar {early}; pagou primeiro {early}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{before} must be paid before {early} is collected; you collected {early} first.</source>
        <translation>{before} deve ser paga antes de se recolher {early}; recolheu primeiro {early}.</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+98"/>
        <source>{before} must be paid before {early}; you paid {early} first.</source>
        <translation>{before} deve ser paga antes de {early}; pagou primeiro {early}.</translation>
    </message>
    <message>
        <location line="-91"/>
        <location filename="../../drills/roulette.py" line="-44"/>
        <source>the Portuguese text</source>
        <translation>o texto português</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../drills/roulette.py" line="+2"/>
        <source>the Chinese text</source>
        <translation>o texto chinês</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>{problem} ({citation})</source>
        <translation>{problem} ({citation})</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>An order follows one official text of Art. 5(1) as a whole: the Portuguese text pays six-lines, then streets, then corners; the Chinese text pays six-lines and corners (in any order), then streets. Your order mixes the two.</source>
        <extracomment>An order that takes part of each text of Art. 5(1).</extracomment>
        <translation>Uma ordem segue um dos textos oficiais do art. 5.º, n.º 1, por inteiro: o texto português paga as linhas, depois as ruas, depois os quadros; o texto chinês paga as linhas e os quadros (por qualquer ordem), depois as ruas. A sua ordem mistura os dois.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Your order follows both official texts of Art. 5(1): they differ on six-lines, streets and corners, and your order is right by each.</source>
        <translation>A sua ordem segue os dois textos oficiais do art. 5.º, n.º 1: diferem nas linhas, ruas e quadros, e a sua ordem está certa segundo cada um.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Your order follows the Portuguese text of Art. 5(1): six-lines, then streets, then corners.</source>
        <translation>A sua ordem segue o texto português do art. 5.º, n.º 1: linhas, depois ruas, depois quadros.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Your order follows the Chinese text of Art. 5(1): six-lines and corners (one step, in any order), then streets.</source>
        <translation>A sua ordem segue o texto chinês do art. 5.º, n.º 1: linhas e quadros (um só passo, por qualquer ordem), depois ruas.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Collect every losing bet before you pay: {before} must be collected before {early} is paid; you paid {early} first.</source>
        <translation>Recolha todas as apostas perdedoras antes de pagar: {before} deve ser recolhida antes de se pagar {early}; pagou primeiro {early}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{bet} lost: it is collected, not paid.</source>
        <translation>{bet} perdeu: é recolhida, não paga.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only one player&apos;s winning bets may be paid together.</source>
        <translation>Só se podem pagar em conjunto as apostas ganhadoras de um mesmo jogador.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{said} Neither official text of Art. 5(1) allows this; your order is held to {text}, the one it follows longest.</source>
        <translation>{said} Nenhum dos textos oficiais do art. 5.º, n.º 1, o permite; a sua ordem é apreciada segundo {text}, o que segue durante mais tempo.</translation>
    </message>
    <message>
        <location filename="../../drills/craps.py" line="+3"/>
        <location filename="../../drills/grading.py" line="-131"/>
        <location line="+62"/>
        <source>Right order.</source>
        <translation>Ordem certa.</translation>
    </message>
    <message>
        <location filename="../../drills/grading.py" line="+86"/>
        <source>Right.</source>
        <translation>Certo.</translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/bets.py" line="+142"/>
        <source>even</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>par</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>odd</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>ímpar</translation>
    </message>
    <message>
        <location filename="../../drills/roulette.py" line="-292"/>
        <source>Collect the losing bets first; they are not part of the payout.</source>
        <translation>Recolha primeiro as apostas perdedoras; não fazem parte do pagamento.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Count each kind of bet on the number, multiply by its payout, then add up.</source>
        <translation>Conte cada tipo de aposta no número, multiplique pelo respectivo prémio e some tudo.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>{count} {kind} × {ratio} × {stake} = {win} ({article})</source>
        <translation>{count} {kind} × {ratio} × {stake} = {win} ({article})</translation>
    </message>
    <message>
        <location line="+10"/>
        <location filename="../../drills/sic_bo.py" line="-364"/>
        <source>No bet wins: there is nothing to pay.</source>
        <translation>Nenhuma aposta ganha: não há nada a pagar.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The red numbers: Art. 1 says the numbers alternate red and black but neither text lists them; the standard European set is used: {red}.</source>
        <translation>Os números encarnados: o art. 1.º diz que os números alternam entre encarnado e preto, mas nenhum dos textos os enumera; usa-se o conjunto europeu habitual: {red}.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The nine-number bet: the text gives no figure of it; it is taken as three adjacent streets of the layout (a block such as 1-9 or 4-12).</source>
        <translation>O sector de nove números: o texto não lhe dá figura; toma-se como três ruas contíguas do tabuleiro (um bloco como 1-9 ou 4-12).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The nine-number bet: the text gives no figure of it; this ruleset takes nine neighbouring pockets of the wheel.</source>
        <translation>O sector de nove números: o texto não lhe dá figura; este conjunto de regras toma nove compartimentos vizinhos do prato.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{stake} straight-up on {number}, and {number} wins. How much do you pay? (The stake stays with the player.)</source>
        <translation>{stake} em pleno no {number}, e sai o {number}. Quanto paga? (A parada continua a ser do jogador.)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>{number} wins. What is the total payout of the bets on the number?</source>
        <translation>Sai o {number}. Qual é o pagamento total das apostas no número?</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>{number} wins. What is the total payout of the winning outside and sector bets?</source>
        <translation>Sai o {number}. Qual é o pagamento total das apostas exteriores e de sector que ganham?</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>0 wins. What is the total payout?</source>
        <translation>Sai o 0. Qual é o pagamento total?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>When 0 wins, only straight-ups on 0 win; every other bet loses to the bank (Art. 8).</source>
        <translation>Quando sai o 0, só ganham os plenos no 0; todas as outras apostas perdem a favor da banca (art. 8.º).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Which bets cover 0 by themselves?</source>
        <translation>Que apostas cobrem, por si só, o 0?</translation>
    </message>
    <message>
        <location line="+21"/>
        <location filename="../../drills/sic_bo.py" line="+369"/>
        <source>Collect the losing bets: {bets}.</source>
        <translation>Recolha as apostas perdedoras: {bets}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Then pay the {group}: {bets}.</source>
        <translation>A seguir, pague {group}: {bets}.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{number} wins. Click the bets in the order you settle them.</source>
        <translation>Sai o {number}. Clique nas apostas pela ordem em que as liquida.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Collect first; then pay from the outside bets inwards, straight-ups last.</source>
        <translation>Recolha primeiro; depois pague das apostas exteriores para o centro, com os plenos em último lugar.</translation>
    </message>
    <message>
        <location filename="../../drills/grading.py" line="-257"/>
        <location filename="../../drills/roulette.py" line="+93"/>
        <location filename="../../drills/sic_bo.py" line="-145"/>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <location filename="../../drills/roulette.py" line="+12"/>
        <source>columns and dozens</source>
        <translation>colunas e dúzias</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sectors (nine and twelve numbers)</source>
        <translation>sectores (de nove e de doze números)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>even chances</source>
        <translation>chances simples</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The ball is spinning when a chip falls into the wheel. The previous winning number was {previous}. What do you do?</source>
        <translation>A bola está em movimento quando uma ficha cai no prato da roleta. O número saído no golpe anterior foi o {previous}. O que faz?</translation>
    </message>
    <message>
        <location line="+8"/>
        <location filename="../../rules/roulette/irregular.py" line="+149"/>
        <source>Announce golpe nulo, remove the chip, place the ball in {previous} and spin again; all bets stand.</source>
        <translation>Anunciar «golpe nulo», retirar a ficha, colocar a bola no compartimento do {previous} e lançá-la de novo; todas as apostas se mantêm.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Let the ball finish and pay the number it lands on.</source>
        <translation>Deixar a bola parar e pagar o número em que cair.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+11"/>
        <source>The spin is void the moment an object falls in (Art. 2(2)).</source>
        <translation>O golpe é nulo a partir do momento em que cai um objecto no prato (art. 2.º, n.º 2).</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/roulette/irregular.py" line="+4"/>
        <source>Stop the game and return every bet to the players.</source>
        <translation>Parar o jogo e devolver todas as apostas aos jogadores.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+3"/>
        <source>Golpe nulo does not void the bets: they stand for the new spin.</source>
        <translation>O golpe nulo não anula as apostas: mantêm-se para o novo lançamento.</translation>
    </message>
    <message>
        <location line="+81"/>
        <location filename="../../rules/roulette/irregular.py" line="-61"/>
        <source>Remove the chip, put the ball in 0 and spin again.</source>
        <translation>Retirar a ficha, colocar a bola no 0 e lançá-la de novo.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+3"/>
        <source>The ball goes back to the previous winning number, not to 0.</source>
        <translation>A bola volta ao número saído no golpe anterior, não ao 0.</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>You have rung the bell and launched the ball. A player pushes a straight-up onto the layout. What do you do?</source>
        <translation>Já tocou a campainha e lançou a bola. Um jogador empurra fichas para o tabuleiro, numa aposta em pleno. O que faz?</translation>
    </message>
    <message>
        <location line="-143"/>
        <source>The Chinese text of Art. 5(1) is right too: it pays the six-lines and corners as one step, in any order ({together}), and then the streets ({streets}).</source>
        <translation>O texto chinês do art. 5.º, n.º 1, também está certo: paga as linhas e os quadros num só passo, por qualquer ordem ({together}), e depois as ruas ({streets}).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The Chinese text of Art. 5(1) is right too: it pays the six-lines and corners as one step, in any order ({together}).</source>
        <translation>O texto chinês do art. 5.º, n.º 1, também está certo: paga as linhas e os quadros num só passo, por qualquer ordem ({together}).</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The Portuguese and Chinese texts of Art. 5(1) are both official and differ on six-lines, streets and corners (Portuguese: six-lines, streets, corners; Chinese: six-lines and corners as one step, then streets). An order that either text allows, followed as a whole, is right.</source>
        <translation>Os textos português e chinês do art. 5.º, n.º 1, são ambos oficiais e diferem nas linhas, ruas e quadros (português: linhas, ruas, quadros; chinês: linhas e quadros num só passo, depois ruas). Está certa uma ordem que qualquer dos textos permita, seguido por inteiro.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Where the two official texts of Art. 5(1) differ (six-lines, streets and corners), this ruleset follows {text} strictly.</source>
        <translation>Onde os dois textos oficiais do art. 5.º, n.º 1, diferem (linhas, ruas e quadros), este conjunto de regras segue estritamente {text}.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The twelve-number sector is paid with the sectors, after the columns and dozens: the Chinese text of Art. 5(1) does not name it.</source>
        <translation>O sector de doze números paga-se com os sectores, depois das colunas e dúzias: o texto chinês do art. 5.º, n.º 1, não o menciona.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The twelve-number sector is paid with the columns and dozens (a setting of this ruleset): the Chinese text of Art. 5(1) does not name it.</source>
        <translation>O sector de doze números paga-se com as colunas e dúzias (uma definição deste conjunto de regras): o texto chinês do art. 5.º, n.º 1, não o menciona.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Low and high are paid with the even chances: the Portuguese text&apos;s «chances simples» covers them; the Chinese text of Art. 5(1) does not name them.</source>
        <translation>O menor e o maior pagam-se com as «chances» simples: as «chances» simples do texto português abrangem-nos; o texto chinês do art. 5.º, n.º 1, não os menciona.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>six-lines and corners (one step, in any order)</source>
        <translation>linhas e quadros (um só passo, por qualquer ordem)</translation>
    </message>
    <message>
        <location line="+49"/>
        <location filename="../../rules/roulette/irregular.py" line="-39"/>
        <source>Refuse the bet and hand the chips back; the other bets stand.</source>
        <translation>Recusar a aposta e devolver as fichas; as outras apostas mantêm-se.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../../rules/roulette/irregular.py" line="+5"/>
        <source>Accept it: the ball has not yet come to rest.</source>
        <translation>Aceitar a aposta: a bola ainda não parou.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>After the bell no bet may be placed or changed (Art. 3).</source>
        <translation>Depois da campainha não são permitidas novas apostas nem a alteração das já feitas (art. 3.º).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Accept it, but pay it at half if it wins.</source>
        <translation>Aceitar a aposta, mas pagá-la a metade se ganhar.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The regulation has no reduced payout for late bets: it refuses them.</source>
        <translation>O regulamento não prevê prémio reduzido para apostas tardias: recusa-as.</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/roulette/irregular.py" line="+7"/>
        <source>Call golpe nulo and spin again.</source>
        <translation>Anunciar «golpe nulo» e lançar de novo.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+3"/>
        <source>Golpe nulo is for an object falling into the wheel, not for a late bet.</source>
        <translation>O golpe nulo aplica-se a um objecto que cai no prato, não a uma aposta tardia.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>While paying, you knock over the chips of a winning corner. The inspector saw the layout and can put them back exactly. What happens?</source>
        <translation>Ao pagar, desmarca as fichas de um quadro premiado. O fiscal viu o tabuleiro e pode repô-las exactamente. O que acontece?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>While paying, you knock over the chips of several winning bets. The inspector cannot say with certainty where they were. What happens?</source>
        <translation>Ao pagar, desmarca as fichas de várias apostas premiadas. O fiscal não consegue dizer com segurança onde estavam. O que acontece?</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The inspector restores the bets, then they are paid.</source>
        <translation>O fiscal repõe as apostas e depois são pagas.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The bets are reconstructed from what the players concerned indicate.</source>
        <translation>As apostas são reconstituídas de harmonia com as indicações dos jogadores intervenientes.</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../rules/roulette/irregular.py" line="+141"/>
        <source>The disturbed bets lose: the layout decides.</source>
        <translation>As apostas desmarcadas perdem: decide o tabuleiro.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+3"/>
        <source>A winning bet the dealer disturbs is reconstructed, never lost (Art. 5(3)).</source>
        <translation>Uma aposta premiada que o croupier desmarque é reconstituída, nunca perdida (art. 5.º, n.º 3).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You put the chips back as you remember them.</source>
        <translation>O próprio croupier repõe as fichas de memória.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../rules/roulette/irregular.py" line="+7"/>
        <source>The inspector restores them, or the players indicate them (Art. 5(3)).</source>
        <translation>O fiscal repõe-nas ou, se não puder, os jogadores indicam-nas (art. 5.º, n.º 3).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The players say where their chips were.</source>
        <translation>Os jogadores dizem onde estavam as suas fichas.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The inspector puts them back as best he can.</source>
        <translation>O fiscal repõe-nas o melhor que pode.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Players indicate only when the inspector cannot restore them with certainty.</source>
        <translation>Os jogadores só dão indicações quando o fiscal não as pode repor com segurança.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The inspector restores them only when he can do so with certainty.</source>
        <translation>O fiscal só as repõe quando o pode fazer com segurança.</translation>
    </message>
    <message>
        <location line="+19"/>
        <location filename="../../rules/roulette/irregular.py" line="-122"/>
        <source>Remove the chip and spin again from the pocket where the ball is now.</source>
        <translation>Retirar a ficha e lançar de novo a bola a partir do compartimento onde está agora.</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../rules/roulette/irregular.py" line="+4"/>
        <source>The ball is first placed in the pocket of the previous winning number, here 0 (Art. 2(2)).</source>
        <translation>A bola é primeiro colocada no compartimento do número saído no golpe anterior, aqui o 0 (art. 2.º, n.º 2).</translation>
    </message>
    <message>
        <location line="+11"/>
        <location filename="../../rules/roulette/irregular.py" line="+7"/>
        <source>The bets stand for the new spin: Art. 2(2) does not say so, but implies it (the spin is launched again, not the bets made again).</source>
        <translation>As apostas mantêm-se para o novo lançamento: o art. 2.º, n.º 2, não o diz, mas implica-o (lança-se de novo a bola, não se fazem de novo as apostas).</translation>
    </message>
    <message>
        <location line="+9"/>
        <location filename="../../rules/roulette/irregular.py" line="+7"/>
        <source>When the previous winning number was 0, the ball is placed in 0: 0 has its own pocket (Art. 1(2)), and Art. 2(2) names the previous number&apos;s pocket without exception.</source>
        <translation>Quando o número saído no golpe anterior foi o 0, a bola é colocada no 0: o 0 tem o seu compartimento (art. 1.º, n.º 2), e o art. 2.º, n.º 2, indica o compartimento do número anterior sem excepção.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Straight-up multiples</source>
        <extracomment>The skills of this game, in the order the launcher lists them (drills.skills gathers them).</extracomment>
        <translation>Múltiplos do pleno</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay a winning straight-up at 35 to 1.</source>
        <translation>Pague um pleno premiado a 35 para 1.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Picture bets</source>
        <translation>Apostas interiores num número</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total payout of straights, splits, streets, corners and lines on one number.</source>
        <translation>Pagamento total de plenos, cavalos, ruas, quadros e linhas num mesmo número.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Outside bets and sectors</source>
        <translation>Apostas exteriores e sectores</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Columns, dozens, even chances and the nine- and twelve-number sectors.</source>
        <translation>Colunas, dúzias, chances simples e os sectores de nove e de doze números.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The zero rule</source>
        <translation>A regra do zero</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When 0 wins only a straight-up on 0 is paid (Art. 8).</source>
        <translation>Quando sai o 0, só se paga o pleno no 0 (art. 8.º).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Pay order</source>
        <translation>Ordem de pagamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collect the losers, then pay in the order of Art. 5(1).</source>
        <translation>Recolha as apostas perdedoras e depois pague pela ordem do n.º 1 do art. 5.º.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Irregularities</source>
        <translation>Irregularidades</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Golpe nulo, bets after the bell, disturbed winning chips.</source>
        <translation>Golpe nulo, apostas depois da campainha, fichas premiadas desmarcadas.</translation>
    </message>
    <message>
        <location filename="../../rules/caribbean_stud/rulings.py" line="+57"/>
        <source>Progressive bets are carried over to the next round.</source>
        <translation>As apostas progressivas transitam para a jogada seguinte.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>The cards were dealt the wrong way: the round is void and every bet is returned, except the progressive bets, which carry over to the next round; bets are placed again and the cards dealt again.</source>
        <translation>As cartas foram dadas de forma irregular: a jogada é anulada e todas as apostas são devolvidas, excepto as apostas progressivas, que transitam para a jogada seguinte; as apostas voltam a ser feitas e as cartas voltam a ser dadas.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>A wrong number of cards was dealt: the round is void and every bet is returned, except the progressive bets, which carry over to the next round; bets are placed again and the cards dealt again.</source>
        <translation>Foi dado um número errado de cartas: a jogada é anulada e todas as apostas são devolvidas, excepto as apostas progressivas, que transitam para a jogada seguinte; as apostas voltam a ser feitas e as cartas voltam a ser dadas.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>{count} cards were exposed by mistake: the round is void and every bet is returned, except the progressive bets, which carry over to the next round.</source>
        <translation>Foram expostas {count} cartas por engano: a jogada é anulada e todas as apostas são devolvidas, excepto as apostas progressivas, que transitam para a jogada seguinte.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>One of the dealer&apos;s cards was exposed by mistake: the round stands; that card stays face up and the dealer&apos;s other cards, the fifth included, are dealt face down.</source>
        <translation>Uma das cartas da banca foi exposta por engano: a jogada mantém-se; essa carta fica voltada para cima e as outras cartas da banca, incluindo a quinta, são dadas voltadas para baixo.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>One card was exposed by mistake while dealing: the round stands and play goes on as usual.</source>
        <translation>Foi exposta uma carta por engano durante a distribuição: a jogada mantém-se e o jogo prossegue normalmente.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Cards dealt by mistake to a box without a bet make a dead hand; the round goes on as usual for every other box.</source>
        <translation>As cartas dadas por engano a uma posição sem aposta constituem uma mão morta; a jogada prossegue normalmente para todas as outras posições.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The shuffling machine failed while dealing: the round is void and every bet is returned, except the progressive bets, which carry over to the next round; the machine is replaced or the cards are dealt from the shoe.</source>
        <translation>A máquina de baralhar avariou durante a distribuição: a jogada é anulada e todas as apostas são devolvidas, excepto as apostas progressivas, que transitam para a jogada seguinte; a máquina é substituída ou as cartas passam a ser dadas pelo sabot.</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>Players may not use any device to record the results.</source>
        <translation>Os jogadores não podem usar qualquer dispositivo para registar os resultados.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Players may not use any device to predict results.</source>
        <translation>Os jogadores não podem usar qualquer dispositivo para prever resultados.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Players may not use any device to work out a betting strategy.</source>
        <translation>Os jogadores não podem usar qualquer dispositivo para delinear uma estratégia de apostas.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>While deciding whether to raise, a player may not talk to other players or anyone else.</source>
        <translation>Enquanto decide se faz o aumento, o jogador não pode falar com outros jogadores nem com terceiros.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A player bets on one box only and may not share a box with another player.</source>
        <translation>Cada jogador aposta numa só posição e não pode partilhar uma posição com outro jogador.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A player holding cards may not leave the table.</source>
        <translation>Um jogador com cartas na mão não pode abandonar a mesa.</translation>
    </message>
    <message>
        <location filename="../../rules/craps/rulings.py" line="+110"/>
        <source>The throw is not valid and is repeated: no bet is decided and the point stays.</source>
        <translation>O lançamento não é válido e repete-se: nenhuma aposta é decidida e o ponto mantém-se.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Call &quot;no roll&quot;.</source>
        <translation>Anuncie «lançamento nulo».</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bring the dice back (or give the shooter new dice from the bowl).</source>
        <translation>Recolha os dados (ou dê ao lançador dados novos da taça).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every bet stays as it is; the shooter throws again.</source>
        <translation>Todas as apostas ficam como estão; o lançador lança de novo.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>A die that does not lie flat counts its most exposed upper face: the throw is {first}-{second} ({total}).</source>
        <translation>Um dado que não fica assente numa face conta a face superior mais exposta: o lançamento é {first}-{second} ({total}).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Look at the cocked die from above without touching it.</source>
        <translation>Observe o dado inclinado de cima, sem lhe tocar.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call the face that is most exposed on top, and the total.</source>
        <translation>Anuncie a face superior mais exposta e o total.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Settle the bets on that total as usual.</source>
        <translation>Liquide as apostas com esse total, como habitualmente.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Both dice lie flat on the table: the throw is {first}-{second} ({total}).</source>
        <translation>Ambos os dados estão assentes na mesa: o lançamento é {first}-{second} ({total}).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Call the total.</source>
        <translation>Anuncie o total.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Settle the bets it decides.</source>
        <translation>Liquide as apostas que ele decide.</translation>
    </message>
    <message>
        <location filename="../../rules/roulette/rulings.py" line="+123"/>
        <source>Place the ball in the pocket of the previous winning number ({number}).</source>
        <translation>Coloque a bola no compartimento do número saído no golpe anterior ({number}).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Place the ball in the pocket of the previous winning number.</source>
        <translation>Coloque a bola no compartimento do número saído no golpe anterior.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The spin is void (golpe nulo): the bets stand and the ball is launched again.</source>
        <translation>O golpe é anulado («golpe nulo»): as apostas mantêm-se e a bola é lançada de novo.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stop the game and announce &quot;golpe nulo&quot;.</source>
        <translation>Pare o jogo e anuncie «golpe nulo».</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the object out of the wheel.</source>
        <translation>Retire o objecto do prato da roleta.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Launch the ball again; the bets on the layout stand as they are.</source>
        <translation>Lance de novo a bola; as apostas no tabuleiro mantêm-se tal como estão.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The bet is refused: after the bell no bet may be placed or changed.</source>
        <translation>A aposta é recusada: depois da campainha não são permitidas novas apostas nem a alteração das já feitas.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refuse the new bet or the change and hand the chips back to the player.</source>
        <translation>Recuse a nova aposta ou a alteração e devolva as fichas ao jogador.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The bets placed before the bell stand and are settled as usual.</source>
        <translation>As apostas feitas antes da campainha mantêm-se e são liquidadas normalmente.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The inspector restores the winning bets as they were, then they are paid.</source>
        <translation>O fiscal repõe as apostas premiadas tal como estavam e depois são pagas.</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+15"/>
        <source>Stop paying and call the inspector.</source>
        <translation>Pare de pagar e chame o fiscal.</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>The inspector puts the chips back where they were, with certainty.</source>
        <translation>O fiscal repõe as fichas onde estavam, com segurança.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay the restored bets in the order of Art. 5(1).</source>
        <translation>Pague as apostas repostas pela ordem do n.º 1 do art. 5.º.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The inspector cannot restore them with certainty, so the bets are reconstructed from what the players concerned indicate.</source>
        <translation>O fiscal não as pode repor com segurança, pelo que as apostas são reconstituídas de harmonia com as indicações dos jogadores intervenientes.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Reconstruct the bets as the players concerned indicate them.</source>
        <translation>Reconstitua as apostas de harmonia com as indicações dos jogadores intervenientes.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay the reconstructed bets in the order of Art. 5(1).</source>
        <translation>Pague as apostas reconstituídas pela ordem do n.º 1 do art. 5.º.</translation>
    </message>
    <message>
        <location filename="../../drills/model.py" line="+183"/>
        <source>Interpretation (a setting of the ruleset; the regulation does not say): {text}</source>
        <extracomment>What the amount is, when it is not the payout (&quot;the largest odds bet&quot;): the feedback names it so (&quot;the largest odds bet is 26&quot;, not &quot;the payout is 26&quot;). What the answer rests on beyond the regulation&apos;s words, said in full in the feedback: an interpretation (the text is silent), a house option (the text leaves the house a choice) or table procedure (the text sets none); where the regulation is not on file (Sic Bo), the house&apos;s pay table, ruling or procedure. Made with the functions below.</extracomment>
        <translation>Interpretação (uma definição do conjunto de regras; o regulamento não o diz): {text}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>House option (the regulation leaves this to the house): {text}</source>
        <translation>Opção da casa (o regulamento deixa-o à casa): {text}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Table procedure, not in the regulation: {text}</source>
        <translation>Procedimento da mesa, não previsto no regulamento: {text}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>House pay table (the regulation&apos;s articles are not on file): {text}</source>
        <translation>Tabela de pagamentos da casa (os artigos do regulamento não estão disponíveis): {text}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>House ruling (the regulation&apos;s articles are not on file): {text}</source>
        <translation>Decisão da casa (os artigos do regulamento não estão disponíveis): {text}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>House procedure (the regulation&apos;s articles are not on file): {text}</source>
        <translation>Procedimento da casa (os artigos do regulamento não estão disponíveis): {text}</translation>
    </message>
    <message>
        <location filename="../../drills/sic_bo.py" line="-353"/>
        <source>Every payout is that of the ruleset in use, “{table}”; published Macau pay tables differ.</source>
        <translation>Cada pagamento é o do conjunto de regras em uso, «{table}»; as tabelas de Macau publicadas diferem.</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>one die shows {number}</source>
        <translation>um dado mostra {number}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>two dice show {number}</source>
        <translation>dois dados mostram {number}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>three dice show {number}</source>
        <translation>três dados mostram {number}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{bet}: {shown}, so it pays {ratio}: {stake} × {ratio_n} = {win} (house pay table)</source>
        <translation>{bet}: {shown}, por isso paga {ratio}: {stake} × {ratio_n} = {win} (tabela de pagamentos da casa)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{bet}: {stake} × {ratio_n} = {win} ({ratio}, house pay table)</source>
        <translation>{bet}: {stake} × {ratio_n} = {win} ({ratio}, tabela de pagamentos da casa)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Collect the losing bets first: {bets}.</source>
        <translation>Recolha primeiro as apostas perdedoras: {bets}.</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>The dice show {dice}. What do you pay the single-number bets? (The stakes stay with the players.)</source>
        <translation>Os dados mostram {dice}. Quanto paga às apostas em números simples? (As paradas ficam com os jogadores.)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Count how many dice show the number: the house pays one, two or three times.</source>
        <translation>Conte quantos dados mostram o número: a casa paga uma, duas ou três vezes.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The dice show {dice}, a total of {total}. How much do you pay?</source>
        <translation>Os dados mostram {dice}, um total de {total}. Quanto paga?</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Only the total the dice make wins; each total has its own payout.</source>
        <translation>Só ganha o total que os dados fazem; cada total tem o seu pagamento.</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>The dice show {dice}. What is the total payout of the combination and double bets?</source>
        <translation>Os dados mostram {dice}. Qual é o pagamento total das apostas em combinações e duplos?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A combination wins when both its faces show; a double when two dice show its face.</source>
        <translation>Uma combinação ganha quando saem as suas duas faces; um duplo quando dois dados mostram a sua face.</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>The dice show {dice}. What is the total payout of the layout?</source>
        <translation>Os dados mostram {dice}. Qual é o pagamento total da mesa?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light the winning areas in your head first; collect the rest, then pay each winner.</source>
        <translation>Acenda primeiro, de cabeça, as áreas vencedoras; recolha o resto e depois pague cada aposta vencedora.</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>The dice show {dice}. Which areas does the layout light as winners?</source>
        <translation>Os dados mostram {dice}. Que áreas acende a mesa como vencedoras?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The total is {total}; the winning areas: {areas}.</source>
        <translation>O total é {total}; as áreas vencedoras: {areas}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Total, small or big, doubles and triples, combinations, then the single numbers.</source>
        <translation>Total, pequeno ou grande, duplos e triplos, combinações e depois os números simples.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Small and big lose on any triple (house pay table).</source>
        <translation>Pequeno e grande perdem com qualquer triplo (tabela de pagamentos da casa).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Any triple wins on every triple.</source>
        <translation>Qualquer triplo ganha com todos os triplos.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A triple shows the double of its face too: two dice (and a third) show it.</source>
        <translation>Um triplo mostra também o duplo da sua face: dois dados (e um terceiro) mostram-na.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Two dice show {face}: Double {face} wins.</source>
        <translation>Dois dados mostram {face}: o Duplo {face} ganha.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Any triple needs all three dice alike; a double is not a triple.</source>
        <translation>Qualquer triplo precisa dos três dados iguais; um duplo não é um triplo.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Only one die shows {face}: Double {face} loses.</source>
        <translation>Só um dado mostra {face}: o Duplo {face} perde.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Both {first} and {second} show: Combination {first}-{second} wins.</source>
        <translation>Saem {first} e {second}: a Combinação {first}-{second} ganha.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The dice add up to {total}, not {near}.</source>
        <translation>Os dados somam {total}, não {near}.</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Then pay {group}: {bets}.</source>
        <translation>Depois pague {group}: {bets}.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The dice show {dice}. Click the bets in the order you settle them.</source>
        <translation>Os dados mostram {dice}. Clique nas apostas pela ordem em que as liquida.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Collect every loser first; then pay in the house&apos;s order.</source>
        <translation>Recolha primeiro todas as perdedoras; depois pague pela ordem da casa.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>This house pays the winners row by row down the layout: the top row (small, big, odd, even, the doubles, the triples, any triple), then the totals, then the combinations, then the single numbers; within a row in any order.</source>
        <extracomment>The house&apos;s pay orders (setting ``pay_order``), said in full for the feedback.</extracomment>
        <translation>Esta casa paga as apostas vencedoras fila a fila, de cima para baixo: a fila de cima (pequeno, grande, ímpar, par, os duplos, os triplos, qualquer triplo), depois os totais, depois as combinações, depois os números simples; dentro de uma fila, por qualquer ordem.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This house pays the winners that pay the most first; bets of one payout together, in any order.</source>
        <translation>Esta casa paga primeiro as apostas vencedoras que pagam mais; as do mesmo pagamento juntas, por qualquer ordem.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../../rules/sic_bo/house.py" line="+58"/>
        <source>This house pays the winners in any order, once every loser is collected.</source>
        <translation>Esta casa paga as apostas vencedoras por qualquer ordem, depois de recolhidas todas as perdedoras.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the top row</source>
        <translation>a fila de cima</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the totals</source>
        <translation>os totais</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the combinations</source>
        <translation>as combinações</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the single numbers</source>
        <translation>os números simples</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the bets at {ratio}</source>
        <translation>as apostas a {ratio}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the winners</source>
        <translation>as apostas vencedoras</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Call no throw and the supervisor: the dice are not read; cover the shaker and shake again. Every bet stays for the new shake.</source>
        <translation>Anuncie lançamento nulo e chame o supervisor: os dados não são lidos; tape o copo e agite de novo. Todas as apostas ficam para o novo lançamento.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Call no throw and the supervisor: the dice are not read; hand every bet back, then shake again for new bets.</source>
        <translation>Anuncie lançamento nulo e chame o supervisor: os dados não são lidos; devolva todas as apostas e agite de novo para novas apostas.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>On this house&apos;s table the bets stay for the new shake; they are not handed back.</source>
        <translation>Na mesa desta casa as apostas ficam para o novo lançamento; não são devolvidas.</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../rules/sic_bo/irregular.py" line="+128"/>
        <source>On this house&apos;s table every bet is handed back before the new shake.</source>
        <translation>Na mesa desta casa todas as apostas são devolvidas antes do novo lançamento.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You open the shaker: one die leans against the wall of the shaker, not flat. What do you do?</source>
        <translation>Abre o copo: um dado está encostado à parede do copo, não está assente. O que faz?</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Read the face of the leaning die that is most nearly on top.</source>
        <translation>Ler a face do dado inclinado que está mais virada para cima.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die that is not flat shows no face: the house reads no such throw.</source>
        <translation>Um dado que não está assente não mostra face: a casa não lê esse lançamento.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lay the die flat with your finger and read the throw.</source>
        <translation>Assentar o dado com o dedo e ler o lançamento.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A dealer never sets a die by hand: the throw is void and shaken again.</source>
        <translation>O croupier nunca acerta um dado à mão: o lançamento é nulo e agita-se de novo.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A die that does not lie flat is no throw on this house&apos;s table: the dice are shaken again, and the bets {fate}. No Sic Bo article is on file; this is the house&apos;s ruling.</source>
        <translation>Um dado que não fica assente é lançamento nulo na mesa desta casa: os dados são agitados de novo, e as apostas {fate}. Nenhum artigo do Cussec está disponível; é a decisão da casa.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+23"/>
        <source>stand</source>
        <translation>mantêm-se</translation>
    </message>
    <message>
        <location line="-23"/>
        <location line="+23"/>
        <source>are handed back</source>
        <translation>são devolvidas</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>The shaker is opened before the betting is closed and the shake is complete. What do you do?</source>
        <translation>O copo é aberto antes de fechadas as apostas e de acabado o lançamento. O que faz?</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Settle the throw as the dice show it.</source>
        <translation>Liquidar o lançamento como os dados o mostram.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A throw opened early is not read: it cannot decide the bets.</source>
        <translation>Um lançamento aberto cedo não é lido: não pode decidir as apostas.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Let the players change their bets now that they have seen the dice.</source>
        <translation>Deixar os jogadores mudar as apostas agora que viram os dados.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No bet is made on dice the players have seen: the throw is void.</source>
        <translation>Não se aposta em dados que os jogadores já viram: o lançamento é nulo.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A shaker opened early is no throw on this house&apos;s table: the dice are shaken again, and the bets {fate}. No Sic Bo article is on file; this is the house&apos;s ruling.</source>
        <translation>Um copo aberto cedo é lançamento nulo na mesa desta casa: os dados são agitados de novo, e as apostas {fate}. Nenhum artigo do Cussec está disponível; é a decisão da casa.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Single-number multiples</source>
        <translation>Múltiplos dos números simples</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay a single number once, twice or three times, by how many dice show it.</source>
        <translation>Pague um número simples uma, duas ou três vezes, conforme os dados que o mostram.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Totals and their payouts</source>
        <translation>Totais e os seus pagamentos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay the total the three dice make, at the house&apos;s payout for that total.</source>
        <translation>Pague o total que os três dados fazem, ao pagamento da casa para esse total.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Which areas win</source>
        <translation>Que áreas ganham</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The areas the layout lights for a throw: total, small or big, doubles, triples, combinations, single numbers.</source>
        <translation>As áreas que a mesa acende num lançamento: total, pequeno ou grande, duplos, triplos, combinações, números simples.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Combinations and doubles</source>
        <translation>Combinações e duplos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Two-dice combinations and specific doubles on one throw.</source>
        <translation>Combinações de dois dados e duplos num lançamento.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A full layout&apos;s payout</source>
        <translation>O pagamento de uma mesa cheia</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every winning bet on the layout, paid on the house pay table.</source>
        <translation>Todas as apostas vencedoras da mesa, pagas pela tabela de pagamentos da casa.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Paying in the house&apos;s order</source>
        <translation>Pagar pela ordem da casa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collect the losers first, then pay the winners in the house&apos;s order.</source>
        <translation>Recolha primeiro as perdedoras e depois pague as vencedoras pela ordem da casa.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Irregular throws</source>
        <translation>Lançamentos irregulares</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die not flat, the shaker opened early: the house&apos;s rulings.</source>
        <translation>Um dado não assente, o copo aberto cedo: as decisões da casa.</translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/bets.py" line="-9"/>
        <source>combination {first}-{second}</source>
        <extracomment>The kinds small/big and odd/even: they lose on any triple by default. The layout&apos;s rows (top first), the groups of the ``layout_rows`` pay order. Whose bet it is, where the table says; ``None`` when the situation does not tell.</extracomment>
        <translation>combinação {first}-{second}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>small</source>
        <translation>pequeno</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>big</source>
        <translation>grande</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>any triple</source>
        <translation>qualquer triplo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>total {number}</source>
        <translation>total {number}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>triple {number}</source>
        <translation>triplo {number}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>double {number}</source>
        <translation>duplo {number}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>single {number}</source>
        <translation>número simples {number}</translation>
    </message>
    <message>
        <location filename="../../rules/house.py" line="+31"/>
        <source>house pay table</source>
        <translation>tabela de pagamentos da casa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>house ruling</source>
        <translation>decisão da casa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>house table procedure</source>
        <translation>procedimento de mesa da casa</translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/house.py" line="-29"/>
        <source>{numerator} to {denominator}</source>
        <translation>{numerator} para {denominator}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{bet} pays {ratio} on this house&apos;s pay table; the Sic Bo regulation (Despacho 31/2003) is not on file, so every payout is the house&apos;s.</source>
        <translation>{bet} paga {ratio} na tabela de pagamentos desta casa; o regulamento do Cussec (Despacho 31/2003) não está disponível, pelo que todos os pagamentos são os da casa.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>On this house&apos;s table small and big lose on any triple (a setting of its pay table).</source>
        <translation>Na mesa desta casa, pequeno e grande perdem com qualquer triplo (uma definição da sua tabela de pagamentos).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>On this house&apos;s table odd and even lose on any triple (a setting of its pay table).</source>
        <translation>Na mesa desta casa, ímpar e par perdem com qualquer triplo (uma definição da sua tabela de pagamentos).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This house pays the winners row by row down the layout: the top row (small, big, odd, even, the doubles, the triples, any triple), then the totals, then the combinations, then the single numbers.</source>
        <translation>Esta casa paga as apostas vencedoras fila a fila, de cima para baixo do pano: a fila de cima (pequeno, grande, ímpar, par, os duplos, os triplos, qualquer triplo), depois os totais, depois as combinações, depois os números simples.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This house pays first the winners that pay the most to 1, bets of one payout together.</source>
        <translation>Esta casa paga primeiro as apostas vencedoras de maior pagamento, as de igual pagamento em conjunto.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Every losing bet is collected before any winner is paid.</source>
        <extracomment>The house&apos;s procedure (a drill wraps it in ``on_house_procedure``, which says the regulation is not on file).</extracomment>
        <translation>Todas as apostas perdedoras são recolhidas antes de se pagar qualquer aposta ganhadora.</translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/rulings.py" line="+41"/>
        <source>Do not read the dice: announce &quot;no throw&quot; (a die is not flat).</source>
        <translation>Não leia os dados: anuncie «lançamento nulo» (um dado não está assente).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call the supervisor, who confirms that the die does not lie flat.</source>
        <translation>Chame o supervisor, que confirma que o dado não está assente.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Do not read the dice: announce &quot;no throw&quot; (the shaker was opened early).</source>
        <translation>Não leia os dados: anuncie «lançamento nulo» (o copo foi aberto antes do tempo).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call the supervisor, who confirms the shaker was opened before its time.</source>
        <translation>Chame o supervisor, que confirma que o copo foi aberto antes do tempo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Do not read the dice: announce &quot;no throw&quot; (the dice were not shaken).</source>
        <translation>Não leia os dados: anuncie «lançamento nulo» (os dados não foram agitados).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call the supervisor, who confirms the shaker was not shaken.</source>
        <translation>Chame o supervisor, que confirma que o copo não foi agitado.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No throw: the throw is void, the bets stand as they are and the dice are shaken again (a house ruling).</source>
        <translation>Lançamento nulo: o lançamento não conta, as apostas mantêm-se como estão e os dados são agitados de novo (uma decisão da casa).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shake the dice again; every bet stays on the layout for the new throw.</source>
        <translation>Agite os dados de novo; todas as apostas ficam no pano para o novo lançamento.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No throw: the throw is void, every bet is handed back and the dice are shaken again (a house ruling).</source>
        <translation>Lançamento nulo: o lançamento não conta, todas as apostas são devolvidas e os dados são agitados de novo (uma decisão da casa).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hand every bet back; open the betting again, then shake the dice.</source>
        <translation>Devolva todas as apostas; abra de novo as apostas e depois agite os dados.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>A bet after &quot;no more bets&quot; is refused: its chips are handed back and the other bets stand (a house ruling).</source>
        <translation>Uma aposta depois de «não há mais apostas» é recusada: as fichas são devolvidas e as outras apostas mantêm-se (decisão da casa).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hand the late chips back to the player; settle the throw as usual.</source>
        <translation>Devolva as fichas tardias ao jogador; liquide o lançamento como habitualmente.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A bet after &quot;no more bets&quot; is refused: its chips are set aside for the next throw and the other bets stand (a house ruling).</source>
        <translation>Uma aposta depois de «não há mais apostas» é recusada: as fichas ficam de lado para o lançamento seguinte e as outras apostas mantêm-se (decisão da casa).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Set the late chips aside, off the layout, for the next throw; settle as usual.</source>
        <translation>Ponha as fichas tardias de lado, fora do pano, para o lançamento seguinte; liquide como habitualmente.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refuse the bet: betting closed with the call.</source>
        <translation>Recuse a aposta: as apostas fecharam com o anúncio.</translation>
    </message>
    <message>
        <location filename="../../storage/engine.py" line="+139"/>
        <source>The server URL {url} does not ask for a verified connection (sslmode=verify-full): this workstation could then be talking to another machine posing as the training centre&apos;s server, which would see every password and record sent. Give the URL in the form {form} (the centre&apos;s CA certificate: IT has it) and correct ${env}.</source>
        <extracomment>How long opening waits for a lock held elsewhere before it says so and gives up. SQLite&apos;s busy timeout while opening waits for the write lock: short, so the wait is counted (and reported) here, not inside one long blocking call. The lab switch: ``1`` lets a workstation connect to a server it does not verify (no ``sslmode=verify-full``), for a test lab on one machine, never a training room; the window then says so all the time (``ui.window.app_store.unverified_lab_server``). The name of the centre&apos;s CA certificate where a workstation keeps it (``ca_places``). A workstation&apos;s server URL, as the messages show it.</extracomment>
        <translation>O URL do servidor {url} não pede uma ligação verificada (sslmode=verify-full): este posto de trabalho poderia então estar a falar com outra máquina que se faz passar pelo servidor do centro de formação, e que veria todas as palavras-passe e registos enviados. Indique o URL na forma {form} (o certificado da AC do centro: o serviço de informática tem-no) e corrija ${env}.</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The database URL {url} cannot be read: {problem}. Correct ${env} (form: postgresql+psycopg://user:password@server:5432/database).</source>
        <translation>Não é possível ler o URL da base de dados {url}: {problem}. Corrija ${env} (forma: postgresql+psycopg://user:password@server:5432/database).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The database URL {url} names port {port}, which does not exist (ports are 1 to 65535; PostgreSQL&apos;s is usually 5432). Correct ${env}.</source>
        <translation>O URL da base de dados {url} indica a porta {port}, que não existe (as portas vão de 1 a 65535; a do PostgreSQL é normalmente 5432). Corrija ${env}.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>An SQLite database must be a file, not in memory.</source>
        <translation>Uma base de dados SQLite tem de ser um ficheiro, não em memória.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Unsupported database {backend}: use SQLite or postgresql+psycopg://…</source>
        <translation>Base de dados não suportada {backend}: use SQLite ou postgresql+psycopg://…</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>the port {port} is not a number</source>
        <translation>a porta {port} não é um número</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it is not of the form dialect://user:password@server/database</source>
        <translation>não tem a forma dialect://user:password@server/database</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not a valid database URL</source>
        <translation>não é um URL de base de dados válido</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cannot create the data folder {folder}: {why}. {instead}</source>
        <translation>Não é possível criar a pasta de dados {folder}: {why}. {instead}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot read the database file {path}: {why}.</source>
        <translation>Não é possível ler o ficheiro da base de dados {path}: {why}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>it is not an SQLite database</source>
        <translation>não é uma base de dados SQLite</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Ask IT to let this user write there, or set {env} to a folder this user may write to.</source>
        <translation>Peça à informática que deixe este utilizador escrever aí, ou defina {env} para uma pasta onde este utilizador possa escrever.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The data folder {folder} is read-only for this user: the Dealer Trainer keeps its records in it and must write there (the database and its log files). {instead}</source>
        <extracomment>The tables every schema of this app has had since its first migration.</extracomment>
        <translation>A pasta de dados {folder} é só de leitura para este utilizador: o Dealer Trainer guarda nela os seus registos e tem de escrever lá (a base de dados e os seus ficheiros de registo). {instead}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The database file {path} is read-only for this user: answers could not be recorded. Ask IT to let this user write to it, or set {env} to a folder this user may write to.</source>
        <translation>O ficheiro da base de dados {path} é só de leitura para este utilizador: as respostas não poderiam ser registadas. Peça à informática que deixe este utilizador escrever nele, ou defina {env} para uma pasta onde este utilizador possa escrever.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The file {path} is an SQLite database of another program (its tables: {tables}), not the Dealer Trainer&apos;s records. It has been left unchanged. Point {url_env} or {dir_env} at the Dealer Trainer&apos;s own file, or at a folder without one to start new records.</source>
        <translation>O ficheiro {path} é uma base de dados SQLite de outro programa (as suas tabelas: {tables}), não os registos do Dealer Trainer. Não foi alterado. Aponte {url_env} ou {dir_env} para o ficheiro do próprio Dealer Trainer, ou para uma pasta sem nenhum para começar registos novos.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The database file {path} is damaged or unreadable ({why}). It has been left untouched: keep it for recovery, and restore a copy from the &apos;backups&apos; folder beside it, or move it away to start a new database.</source>
        <translation>O ficheiro da base de dados {path} está danificado ou ilegível ({why}). Não foi alterado: guarde-o para recuperação e reponha uma cópia da pasta &apos;backups&apos; ao lado dele, ou mova-o para outro sítio para começar uma base de dados nova.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>This computer&apos;s SQLite library is version {found}; the app needs {needed} or newer to record answers. Install a current Python (3.11 or newer from python.org ships one), or use a training centre&apos;s server instead of a local file.</source>
        <extracomment>The oldest SQLite library the app runs on: every insert reads its new row back with ``RETURNING`` (SQLite 3.35.0, March 2021). Python 3.11&apos;s own builds ship 3.39 or newer.</extracomment>
        <translation>A biblioteca SQLite deste computador é a versão {found}; a aplicação precisa da {needed} ou mais recente para registar respostas. Instale um Python atual (o 3.11 ou mais recente de python.org traz uma), ou use o servidor de um centro de formação em vez de um ficheiro local.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Cannot make the records {path} private to this user: {why}. {instead}</source>
        <translation>Não é possível tornar os registos {path} privados para este utilizador: {why}. {instead}</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>The database {database} was written by a newer version of the Dealer Trainer (schema {schema}); update this workstation&apos;s app.</source>
        <translation>A base de dados {database} foi escrita por uma versão mais recente do Dealer Trainer (esquema {schema}); actualize a aplicação deste posto de trabalho.</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Waiting for another program to release the database {database} (it holds the write lock); up to {seconds} s…</source>
        <translation>À espera que outro programa liberte a base de dados {database} (tem o bloqueio de escrita); até {seconds} s…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Waiting for another workstation to finish updating the database {database} to a new version; up to {seconds} s…</source>
        <translation>À espera que outro posto de trabalho acabe de actualizar a base de dados {database} para uma versão nova; até {seconds} s…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The database {database} must be updated to this version of the app, but another program has held its write lock for more than {seconds} s. Nothing was changed. Close the other program (another Dealer Trainer, or a database tool that has the file open) and start again.</source>
        <translation>A base de dados {database} tem de ser actualizada para esta versão da aplicação, mas outro programa tem o bloqueio de escrita há mais de {seconds} s. Nada foi alterado. Feche o outro programa (outro Dealer Trainer, ou uma ferramenta de bases de dados com o ficheiro aberto) e volte a começar.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Another workstation has been updating the database {database} for more than {seconds} s (it holds the update lock). Nothing was changed here. Wait for it to finish and start again; if no workstation is starting, ask IT to end the database session that holds advisory lock {lock} (see pg_locks).</source>
        <translation>Outro posto de trabalho está a actualizar a base de dados {database} há mais de {seconds} s (tem o bloqueio de actualização). Nada foi alterado aqui. Espere que acabe e volte a começar; se nenhum posto estiver a arrancar, peça à informática que termine a sessão da base de dados que tem o bloqueio consultivo {lock} (ver pg_locks).</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>The text contains a NUL character (code 0, invisible), which the database {database} cannot store. Nothing was saved: type the text again without it (it usually comes from pasting).</source>
        <translation>O texto contém um carácter NUL (código 0, invisível), que a base de dados {database} não consegue guardar. Nada foi guardado: escreva o texto de novo sem ele (costuma vir de colar texto).</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The database file {database} cannot be opened for writing ({why}): this user may not write in its folder {folder}, or the disk is full or read-only. {instead}</source>
        <translation>O ficheiro da base de dados {database} não pode ser aberto para escrita ({why}): este utilizador não pode escrever na sua pasta {folder}, ou o disco está cheio ou é só de leitura. {instead}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The database file {database} cannot be used: {why}.</source>
        <translation>O ficheiro da base de dados {database} não pode ser usado: {why}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The database {database} cannot be used: {why}</source>
        <translation>A base de dados {database} não pode ser usada: {why}</translation>
    </message>
    <message>
        <location filename="../../storage/errors.py" line="+62"/>
        <source>Too many wrong passwords: try again in {seconds} s.</source>
        <translation>Demasiadas palavras-passe erradas: tente de novo dentro de {seconds} s.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Wrong password. The next attempt is possible in {seconds} s.</source>
        <translation>Palavra-passe errada. A próxima tentativa é possível dentro de {seconds} s.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>A trainee named {existing} already exists.</source>
        <translation>Já existe um formando chamado {existing}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} is the name of the registered trainee {existing} (names that differ only in capitals, letter width or invisible characters are one name). Choose that profile, or tell the two people apart in the name.</source>
        <translation>{name} é o nome do formando registado {existing} (nomes que só diferem em maiúsculas, largura das letras ou caracteres invisíveis são um só nome). Escolha esse perfil, ou distinga as duas pessoas no nome.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The login {login} is taken: choose another one.</source>
        <translation>O nome de utilizador {login} já está a ser usado: escolha outro.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The time of this exam ran out at {at}: the centre&apos;s server has ended the sitting. What you answered in time is graded; the result appears once it is graded.</source>
        <extracomment>What the server&apos;s functions refuse, by the key their ``RAISE`` gives as its ``HINT`` (``storage/server/policy.py``), in the reader&apos;s words: ``engine.explain`` maps them. ``{at}`` is the moment the ``DETAIL`` gives (``%Y-%m-%d %H:%M``, the centre&apos;s time).</extracomment>
        <translation>O tempo deste exame terminou às {at}: o servidor do centro encerrou a prova. O que respondeu dentro do tempo é corrigido; o resultado aparece quando estiver corrigido.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The last sitting of this exam is waiting for grading by the centre&apos;s server: a new one can start once it is graded.</source>
        <translation>A última prova deste exame aguarda correcção pelo servidor do centro: pode começar uma nova quando estiver corrigida.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This exam&apos;s sitting has ended (its time ran out, or it was handed in): this answer was not recorded. What was recorded before counts.</source>
        <extracomment>``record_answer`` and the table&apos;s recorder on a session that has ended.</extracomment>
        <translation>A prova deste exame terminou (o tempo acabou ou foi entregue): esta resposta não foi registada. O que foi registado antes conta.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This practice session has ended: start a new one.</source>
        <translation>Esta sessão de prática terminou: comece uma nova.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The exam has been started: its sitting is a record, and it stays.</source>
        <extracomment>Why an exam assignment is not withdrawn (``InstructorDesk.withdraw_exam``).</extracomment>
        <translation>O exame já foi iniciado: a prova é um registo e fica.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This assignment is not there any more.</source>
        <translation>Esta atribuição já não existe.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The training centre&apos;s server does not know this skill: choose one from the list, or ask IT to run &apos;dealer-trainer server init&apos; with this version of the app.</source>
        <extracomment>The centre&apos;s server refused a skill id its version does not know (the standards functions of ``storage/server/policy.py``, through ``dt_skill_known``).</extracomment>
        <translation>O servidor do centro de formação não conhece esta competência: escolha uma da lista, ou peça à informática que execute &apos;dealer-trainer server init&apos; com esta versão da aplicação.</translation>
    </message>
    <message>
        <location filename="../../storage/server/admin.py" line="+31"/>
        <source>The server refused the sign-in of {user}: wrong password, or no such login.</source>
        <extracomment>SQLSTATE → what a refusal means, to be filled with the user, database and detail.</extracomment>
        <translation>O servidor recusou a entrada de {user}: palavra-passe errada, ou nome de utilizador inexistente.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The server refused the sign-in of {user}: it may not sign in from this computer (pg_hba.conf), or not at all (an archived trainee, a disabled instructor).</source>
        <translation>O servidor recusou a entrada de {user}: não pode entrar a partir deste computador (pg_hba.conf), ou de todo (um formando arquivado, um instrutor desactivado).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The database {database} does not exist on that server.</source>
        <translation>A base de dados {database} não existe nesse servidor.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server refused: {user} has no right to do this ({detail}).</source>
        <translation>O servidor recusou: {user} não tem direito a fazer isto ({detail}).</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>The server {server} cannot be used: {why}</source>
        <translation>O servidor {server} não pode ser usado: {why}</translation>
    </message>
    <message>
        <location filename="../../storage/server/workstation.py" line="+142"/>
        <source>{url} is an SQLite file, not a training centre&apos;s server.</source>
        <translation>{url} é um ficheiro SQLite, não o servidor de um centro de formação.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The workstation&apos;s database URL {url} names a user or a password: it must name the server and the database only (postgresql+psycopg://SERVER:5432/DATABASE), since each person signs in with their own login. Correct ${env}.</source>
        <translation>O URL da base de dados do posto de trabalho {url} indica um utilizador ou uma palavra-passe: deve indicar só o servidor e a base de dados (postgresql+psycopg://SERVER:5432/DATABASE), porque cada pessoa entra com o seu próprio nome de utilizador. Corrija ${env}.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The login {login} is not a person of this training centre (or has been archived): ask an instructor.</source>
        <translation>O nome de utilizador {login} não é de uma pessoa deste centro de formação (ou foi arquivado): pergunte a um instrutor.</translation>
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
        <translation>Entre primeiro: só depois tem acesso aos seus registos.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Only the signed-in trainee&apos;s own records can be opened.</source>
        <translation>Só se podem abrir os registos do próprio formando que entrou.</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+6"/>
        <source>The instructor views are for instructors.</source>
        <translation>A área do instrutor é para instrutores.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wrong password.</source>
        <translation>Palavra-passe errada.</translation>
    </message>
    <message>
        <location line="+227"/>
        <source>On the server a new trainee needs their first password: PostgreSQL keeps it.</source>
        <translation>No servidor, um formando novo precisa da sua primeira palavra-passe: o PostgreSQL guarda-a.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>There is no trainee {id}.</source>
        <translation>Não existe o formando {id}.</translation>
    </message>
    <message>
        <location line="-277"/>
        <location line="+289"/>
        <location filename="../../storage/signin.py" line="+7"/>
        <source>The current password is wrong.</source>
        <translation>A palavra-passe atual está errada.</translation>
    </message>
    <message>
        <location filename="../../storage/store.py" line="-137"/>
        <source>There is no active trainee profile {id}.</source>
        <extracomment>Server mode with each person&apos;s own PostgreSQL login: the login this store&apos;s connections use (PostgreSQL checked the password). ``None``: the app checks it. A server reached without verifying it is the centre&apos;s (the lab switch, ``engine.verified_server``): the window says so all the time. Committed work that SQLite&apos;s damaged log made it drop at this open (for the instructor: the log is kept beside the database for recovery). Fewer answers than the newest backup copy holds: answers were lost. The daily backup work is still to do (``check_backups``), and how many copies it keeps. A setting that could not be used (``$DEALER_TRAINER_BACKUPS_KEPT``), for IT.</extracomment>
        <translation>Não existe o perfil de formando activo {id}.</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>The instructor account already exists.</source>
        <translation>A conta de instrutor já existe.</translation>
    </message>
    <message>
        <location line="+143"/>
        <source>Choose which instructor you are.</source>
        <translation>Escolha qual dos instrutores é.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>There is no such instructor account.</source>
        <translation>Não existe essa conta de instrutor.</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>The instructor views are locked: enter the instructor password.</source>
        <translation>A área do instrutor está bloqueada: introduza a palavra-passe do instrutor.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The instructor views locked themselves after a pause: enter the password again.</source>
        <translation>A área do instrutor bloqueou-se após uma pausa: introduza a palavra-passe de novo.</translation>
    </message>
    <message>
        <location filename="../../drills/standards.py" line="+112"/>
        <source>Mastered</source>
        <extracomment>The drills&apos; level whose target is a skill&apos;s default standard (a trained dealer&apos;s time). What a centre may set a target to, in seconds (the storage&apos;s check says the same).</extracomment>
        <translation>Dominada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>Quase</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weak</source>
        <translation>Fraca</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not started</source>
        <translation>Por começar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Improving</source>
        <translation>A melhorar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slipping</source>
        <translation>A piorar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steady</source>
        <translation>Estável</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First answers</source>
        <translation>Primeiras respostas</translation>
    </message>
    <message>
        <location filename="../../rules/caribbean_stud/irregular.py" line="+36"/>
        <source>The round stands: play on</source>
        <extracomment>The dealer&apos;s choices, each by what it rules (Art. 11), in the article&apos;s words.</extracomment>
        <translation>A jogada mantém-se: continue</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stands: that card up, the dealer&apos;s others face down</source>
        <translation>Mantém-se: essa carta à vista, as outras da banca voltadas para baixo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dead hand: play on for the other boxes</source>
        <translation>Mão morta: continue para as outras posições</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Void: antes returned, progressive bets carried over</source>
        <translation>Nula: antes devolvidas, apostas progressivas transitam</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>One card exposed while dealing: the round stands, play goes on.</source>
        <extracomment>Why another choice is wrong: what Art. 11 rules for the irregularity.</extracomment>
        <translation>Uma carta exposta durante a distribuição: a jogada mantém-se e continua.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A dealer&apos;s card exposed: it stays up, the dealer&apos;s others are dealt face down.</source>
        <translation>Uma carta da banca exposta: fica à vista e as outras da banca são dadas voltadas para baixo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cards to a box without a bet are a dead hand; play goes on.</source>
        <translation>Cartas dadas a uma posição sem aposta são uma mão morta; a jogada continua.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two cards exposed: the round is void, the progressive bets carried over.</source>
        <translation>Duas cartas expostas: a jogada é nula, as apostas progressivas transitam.</translation>
    </message>
    <message>
        <location line="-68"/>
        <source>Void: antes returned, progressive bets carried over; another machine or the shoe</source>
        <translation>Nula: antes devolvidas, apostas progressivas transitam; outra máquina ou o sabot</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stands: that card turned down, the dealer&apos;s fifth up</source>
        <translation>Mantém-se: essa carta voltada para baixo, a quinta da banca à vista</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stands: that box&apos;s hand is played like the others</source>
        <translation>Mantém-se: a mão dessa posição é jogada como as outras</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Cards dealt the wrong way: the round is void, the progressive bets carried over.</source>
        <translation>Cartas dadas de forma errada: a jogada é nula, as apostas progressivas transitam.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A wrong number of cards: the round is void, the progressive bets carried over.</source>
        <translation>Um número errado de cartas: a jogada é nula, as apostas progressivas transitam.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The machine failed: the round is void, the progressive bets carried over; another machine or the shoe.</source>
        <translation>A máquina avariou: a jogada é nula, as apostas progressivas transitam; outra máquina ou o sabot.</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The card just dealt to box {box} was turned face up by mistake.</source>
        <translation>A carta acabada de dar à posição {box} foi voltada para cima por engano.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The dealer&apos;s card just dealt was turned face up by mistake.</source>
        <translation>A carta da banca acabada de dar foi voltada para cima por engano.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two cards were turned face up by mistake while dealing, one of them box {box}&apos;s.</source>
        <translation>Duas cartas foram voltadas para cima por engano durante a distribuição, uma delas da posição {box}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Five cards were dealt by mistake to box {box}, which has no bet.</source>
        <translation>Foram dadas por engano cinco cartas à posição {box}, que não tem aposta.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The shuffling machine has stopped in the middle of the deal.</source>
        <translation>A máquina de baralhar parou a meio da distribuição.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The cards were dealt the wrong way.</source>
        <translation>As cartas foram dadas de forma errada.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A hand received the wrong number of cards.</source>
        <translation>Uma mão recebeu um número errado de cartas.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The deal stops until the irregularity is ruled (Art. 11).</source>
        <translation>A distribuição para até a irregularidade ser decidida (art. 11.º).</translation>
    </message>
    <message>
        <location filename="../../rules/craps/irregular.py" line="-85"/>
        <source>The shooter throws: one die shows {face}; the other bounces off the table and lands on the floor showing {off}.</source>
        <translation>O lançador lança os dados: um dado mostra {face}; o outro salta para fora da mesa e cai no chão a mostrar {off}.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Call &quot;no roll&quot;: every bet stays as it is and the shooter throws again.</source>
        <translation>Anunciar «lançamento nulo»: todas as apostas ficam como estão e o lançador lança de novo.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Count the throw as it lies: {total}, and settle it.</source>
        <translation>Contar o lançamento como está: {total}, e liquidá-lo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A throw with a die off the table is not valid: it decides no bet (Art. 1).</source>
        <translation>Um lançamento com um dado fora da mesa não é válido: não decide nenhuma aposta (art. 1.º).</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>That throw was no roll (a die left the table): nothing is settled on it; the shooter throws again (Art. 1).</source>
        <translation>Esse lançamento foi nulo (um dado saiu da mesa): nada se liquida sobre ele; o lançador lança de novo (art. 1.º).</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>One die shows {face}. The other leans on a chip stack: {high} is the more exposed upper face, {low} the less.</source>
        <translation>Um dado mostra {face}. O outro está encostado a uma pilha de fichas: {high} é a face superior mais exposta, {low} a menos exposta.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Call &quot;no roll&quot;: a cocked die makes the throw invalid.</source>
        <translation>Anunciar «lançamento nulo»: um dado inclinado torna o lançamento inválido.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Judge the throw first: a cocked die counts its most exposed upper face (Art. 1).</source>
        <translation>Primeiro julgar o lançamento: um dado inclinado conta a face superior mais exposta (art. 1.º).</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The odds bet is refused: its win would exceed the line bet; the largest odds bet is {largest}.</source>
        <translation>A aposta adicional é recusada: o seu ganho excederia a aposta inicial; a maior aposta adicional é {largest}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refuse the odds bet and tell the player the largest allowed.</source>
        <translation>Recusar a aposta adicional e dizer ao jogador qual é a maior permitida.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The odds bet is within the limit: it is accepted.</source>
        <translation>A aposta adicional está dentro do limite: é aceite.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Place the odds behind the bet.</source>
        <translation>Colocar a aposta adicional atrás da aposta.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Before the throw, a player asks for odds of {amount} behind their bet on the point {point}.</source>
        <translation>Antes do lançamento, um jogador pede uma aposta adicional de {amount} atrás da sua aposta no ponto {point}.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Accept the odds and place them behind the bet.</source>
        <translation>Aceitar a aposta adicional e colocá-la atrás da aposta.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The odds&apos; win may never exceed the line bet: this odds bet is over the limit.</source>
        <translation>O ganho adicional nunca pode exceder a aposta inicial: esta aposta adicional está acima do limite.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refuse the odds: they are over the limit.</source>
        <translation>Recusar a aposta adicional: está acima do limite.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>These odds are within the limit: a player may take them.</source>
        <translation>Esta aposta adicional está dentro do limite: o jogador pode fazê-la.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A player is asking for odds: answer before the throw is settled.</source>
        <translation>Um jogador pede uma aposta adicional: responda antes de liquidar o lançamento.</translation>
    </message>
    <message>
        <location filename="../../rules/roulette/irregular.py" line="-72"/>
        <source>After the bell no bet may be placed or changed: it is refused (Art. 3).</source>
        <translation>Depois do toque da campainha não se pode fazer nem alterar apostas: é recusada (art. 3.º).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The bell has rung and the ball is spinning: a player pushes a bet onto the layout.</source>
        <translation>A campainha já tocou e a bola está a girar: um jogador empurra uma aposta para o tabuleiro.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The late bet is still on the layout: refuse it first; after the bell no bet may be placed or changed (Art. 3).</source>
        <translation>A aposta tardia ainda está no tabuleiro: primeiro recuse-a; depois da campainha não se pode fazer nem alterar apostas (art. 3.º).</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>The ball is spinning when a chip falls into the wheel. The previous winning number was {previous}.</source>
        <translation>A bola está a girar quando uma ficha cai no prato. O número premiado anterior foi o {previous}.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Let the ball finish and settle the number it lands on.</source>
        <translation>Deixar a bola parar e liquidar o número em que cair.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The spin is void (golpe nulo): nothing is settled on it; the ball is launched again (Art. 2(2)).</source>
        <translation>O golpe é nulo: nada se liquida sobre ele; a bola é lançada de novo (art. 2.º, n.º 2).</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>While paying, you knock over the chips of a winning bet. The inspector saw the layout and can put them back exactly.</source>
        <translation>Ao pagar, derruba as fichas de uma aposta premiada. O fiscal viu o tabuleiro e pode repô-las exactamente.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>While paying, you knock over the chips of several winning bets. The inspector cannot say with certainty where they were.</source>
        <translation>Ao pagar, derruba as fichas de várias apostas premiadas. O fiscal não pode dizer com segurança onde estavam.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Call the inspector: he restores the bets, then they are paid.</source>
        <translation>Chamar o fiscal: ele repõe as apostas e depois são pagas.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The inspector restores them only when he can do so with certainty (Art. 5(3)).</source>
        <translation>O fiscal só as repõe quando o pode fazer com segurança (art. 5.º, n.º 3).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Call the inspector: the bets are reconstructed from what the players indicate.</source>
        <translation>Chamar o fiscal: as apostas são reconstituídas segundo as indicações dos jogadores.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Players indicate only when the inspector cannot restore them with certainty (Art. 5(3)).</source>
        <translation>Os jogadores só indicam as apostas quando o fiscal não as pode repor com segurança (art. 5.º, n.º 3).</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Put the chips back yourself as you remember them and pay.</source>
        <translation>Repor as fichas como se lembra e pagar.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stop paying: the disturbed bets are restored first, by the inspector or from the players&apos; indications (Art. 5(3)).</source>
        <translation>Parar de pagar: primeiro as apostas desmarcadas são repostas, pelo fiscal ou segundo as indicações dos jogadores (art. 5.º, n.º 3).</translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/irregular.py" line="-66"/>
        <source>This ruling is the house&apos;s (a setting of its ruleset): the Sic Bo regulation (Despacho 31/2003) is not on file, so no article rules it.</source>
        <extracomment>What every Sic Bo ruling rests on, in words: the house, since no article is on file.</extracomment>
        <translation>Esta decisão é da casa (uma definição do seu conjunto de regras): o regulamento do Cussec (Despacho 31/2003) não está disponível, pelo que nenhum artigo a rege.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The shaker is lifted while the dice are still rolling: they come to rest in view, showing {first}, {second} and {third}.</source>
        <translation>O copo é levantado com os dados ainda a rolar: param à vista, mostrando {first}, {second} e {third}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You open the shaker: two dice show {first} and {second}; the third leans on the wall, not flat, {third} nearly on top.</source>
        <translation>Abre o copo: dois dados mostram {first} e {second}; o terceiro está encostado à parede, não assente, com o {third} quase em cima.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>After &quot;no more bets&quot; the shaker is opened without having been shaken: the dice still show {first}, {second} and {third}, as the last throw left them.</source>
        <translation>Depois de «não há mais apostas» o copo é aberto sem ter sido agitado: os dados mostram ainda {first}, {second} e {third}, como o último lançamento os deixou.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Let the dice come to rest, then read them and settle.</source>
        <extracomment>Each void throw&apos;s own wrong way of reading it: (id, label, mistake, why).</extracomment>
        <translation>Deixe os dados parar, depois leia-os e liquide.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dice seen before they came to rest in the closed shaker are no throw: they are not read (a house ruling).</source>
        <translation>Dados vistos antes de pararem no copo fechado não são lançamento: não são lidos (decisão da casa).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Read the leaning die&apos;s face nearest the top, and settle.</source>
        <translation>Leia a face de cima do dado encostado e liquide.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A die that is not flat shows no face: no face is read, the throw is void (a house ruling).</source>
        <translation>Um dado que não está assente não mostra face: nenhuma face é lida, o lançamento é nulo (decisão da casa).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Shake the dice now and read them: no call, no supervisor.</source>
        <translation>Agite agora os dados e leia-os: sem anúncio, sem supervisor.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A shaker opened unshaken is a void throw: announce &quot;no throw&quot; and call the supervisor before the dice are shaken again (a house ruling).</source>
        <translation>Um copo aberto sem ter sido agitado é um lançamento nulo: anuncie «lançamento nulo» e chame o supervisor antes de os dados serem agitados de novo (decisão da casa).</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Call &quot;no throw&quot; and the supervisor; the bets stand; shake again.</source>
        <translation>Anuncie «lançamento nulo», chame o supervisor; as apostas ficam; agite de novo.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call &quot;no throw&quot; and the supervisor; hand the bets back, then shake.</source>
        <translation>Anuncie «lançamento nulo», chame o supervisor; devolva as apostas; agite.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>On this house&apos;s table the bets stand for the new shake; they are not handed back.</source>
        <translation>Na mesa desta casa as apostas mantêm-se para o novo lançamento; não são devolvidas.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Read the dice as they lie: {total}, and settle.</source>
        <translation>Leia os dados como estão: {total}, e liquide.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A void throw decides no bet: nothing is settled on it (a house ruling).</source>
        <translation>Um lançamento nulo não decide aposta nenhuma: nada é liquidado nele (decisão da casa).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>That throw is void (&quot;no throw&quot;): nothing is settled on it; the dice are shaken again (a house ruling).</source>
        <translation>Esse lançamento é nulo («lançamento nulo»): nada é liquidado nele; os dados são agitados de novo (decisão da casa).</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Refuse it and hand the chips back; the other bets stand.</source>
        <translation>Recuse-a e devolva as fichas; as outras apostas mantêm-se.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>On this house&apos;s table a late bet&apos;s chips are set aside for the next throw.</source>
        <translation>Na mesa desta casa as fichas de uma aposta tardia ficam de lado para o lançamento seguinte.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refuse it; set the chips aside, off the layout, for the next throw.</source>
        <translation>Recuse-a; ponha as fichas de lado, fora do pano, para o lançamento seguinte.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>On this house&apos;s table a late bet&apos;s chips are handed back at once.</source>
        <translation>Na mesa desta casa as fichas de uma aposta tardia são devolvidas de imediato.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>You have called &quot;no more bets&quot; and the shaker is closed: a player puts {amount} on {spot}.</source>
        <translation>Anunciou «não há mais apostas» e o copo está fechado: um jogador põe {amount} em {spot}.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Accept it: the shaker has not been opened yet.</source>
        <translation>Aceite-a: o copo ainda não foi aberto.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>After &quot;no more bets&quot; no bet is placed or changed: it is refused (a house ruling).</source>
        <translation>Depois de «não há mais apostas» nenhuma aposta é feita ou alterada: é recusada (decisão da casa).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Announce &quot;no throw&quot; and shake again.</source>
        <translation>Anuncie «lançamento nulo» e agite de novo.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A late bet does not void the throw: refuse the bet, the throw stands (a house ruling).</source>
        <translation>Uma aposta tardia não anula o lançamento: recuse a aposta, o lançamento mantém-se (decisão da casa).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The late bet is still on the layout: refuse it first; after &quot;no more bets&quot; no bet is placed or changed (a house ruling).</source>
        <translation>A aposta tardia está ainda no pano: recuse-a primeiro; depois de «não há mais apostas» nenhuma aposta é feita ou alterada (decisão da casa).</translation>
    </message>
    <message>
        <location filename="../../storage/centre.py" line="+82"/>
        <source>The sittings of one exam</source>
        <extracomment>The centre&apos;s time zone, by its IANA name (the server&apos;s SQL uses the name). 0: the defaults (no instructor has saved the settings yet). (field, lowest, highest): the ranges the table&apos;s CHECKs hold too. What each setting is called where a person reads it.</extracomment>
        <translation>O número de provas de um exame</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The days between sittings</source>
        <translation>O número de dias entre provas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The months a certification is valid</source>
        <translation>O número de meses de validade de uma certificação</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{setting} must be a whole number from {low} to {high}.</source>
        <translation>{setting} tem de ser um número inteiro de {low} a {high}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The centre&apos;s name is longer than {most} characters.</source>
        <translation>O nome do centro tem mais de {most} caracteres.</translation>
    </message>
    <message>
        <location filename="../../storage/groups.py" line="+94"/>
        <source>A group named {existing} already exists (names that differ only in capitals, letter width or invisible characters are one name).</source>
        <extracomment>The audit entries that change who is listed where (what another workstation polls).</extracomment>
        <translation>Já existe um grupo chamado {existing} (nomes que só diferem em maiúsculas, largura das letras ou caracteres invisíveis são um só nome).</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>An instructor named {existing} already exists (names that differ only in capitals, letter width or invisible characters are one name).</source>
        <translation>Já existe um instrutor chamado {existing} (nomes que só diferem em maiúsculas, largura das letras ou caracteres invisíveis são um só nome).</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The staff number {number} is {holder}&apos;s: each trainee has their own.</source>
        <translation>O n.º de funcionário {number} é de {holder}: cada formando tem o seu.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The staff number {number} is another trainee&apos;s: each trainee has their own.</source>
        <translation>O n.º de funcionário {number} é de outro formando: cada formando tem o seu.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>This group is not on file (another workstation may have changed it): read the list again.</source>
        <translation>Este grupo não consta dos registos (outro posto de trabalho pode tê-lo alterado): leia a lista de novo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This instructor is not on file (another workstation may have changed it): read the list again.</source>
        <translation>Este instrutor não consta dos registos (outro posto de trabalho pode tê-lo alterado): leia a lista de novo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This trainee is not on file (another workstation may have changed it): read the list again.</source>
        <translation>Este formando não consta dos registos (outro posto de trabalho pode tê-lo alterado): leia a lista de novo.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You cannot disable your own account: another instructor must do it.</source>
        <translation>Não pode desactivar a sua própria conta: outro instrutor tem de o fazer.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>On the centre&apos;s server PostgreSQL keeps the passwords: IT sets an instructor&apos;s with dealer-trainer server set-password.</source>
        <extracomment>Why an instructor&apos;s password is not reset (``InstructorDesk.set_instructor_password``).</extracomment>
        <translation>No servidor do centro as palavras-passe ficam no PostgreSQL: a informática define a de um instrutor com dealer-trainer server set-password.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change your own password under “Your password”, with the current one.</source>
        <translation>Altere a sua própria palavra-passe em «A sua palavra-passe», com a actual.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This instructor account is disabled: only an active instructor sets a password.</source>
        <translation>Esta conta de instrutor está desactivada: só um instrutor activo define uma palavra-passe.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only an active instructor manages groups and instructors.</source>
        <translation>Só um instrutor activo gere os grupos e os instrutores.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A group needs a name (1 to 100 characters) and a start date.</source>
        <translation>Um grupo precisa de um nome (1 a 100 caracteres) e de uma data de início.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{name} is the last active instructor: add or enable another instructor first.</source>
        <translation>{name} é o último instrutor activo: adicione ou reactive primeiro outro instrutor.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The group {name} is archived: bring it back before adding trainees.</source>
        <translation>O grupo {name} está arquivado: restaure-o antes de lhe adicionar formandos.</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>A staff number has 1 to {most} letters (a to z), digits, &apos;-&apos;, &apos;/&apos;, &apos;.&apos; or &apos;_&apos;, and starts with a letter or a digit.</source>
        <extracomment>The server functions&apos; refusals (``storage/server/policy.py``, ``dt_group_*``, ``dt_set_instructor_disabled``), each as the sentence a single PC says.</extracomment>
        <translation>Um n.º de funcionário tem de 1 a {most} letras (a a z), algarismos, &apos;-&apos;, &apos;/&apos;, &apos;.&apos; ou &apos;_&apos;, e começa por uma letra ou um algarismo.</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>This instructor account is disabled or no longer exists.</source>
        <translation>Esta conta de instrutor está desactivada ou já não existe.</translation>
    </message>
    <message>
        <location line="+208"/>
        <source>Give the group&apos;s start date.</source>
        <translation>Indique a data de início do grupo.</translation>
    </message>
    <message>
        <location filename="../../storage/schedules.py" line="+64"/>
        <source>This plan is no longer given to this trainee.</source>
        <extracomment>Why a plan is not withdrawn (``CentreSchedules.withdraw_plan``).</extracomment>
        <translation>Este plano já não está atribuído a este formando.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The plan is done: the trainee&apos;s work on it is a record, and it stays.</source>
        <translation>O plano está concluído: o trabalho do formando nele é um registo e fica.</translation>
    </message>
    <message>
        <location line="+174"/>
        <source>Choose at least one skill for the plan.</source>
        <extracomment>The groups&apos; names, for the plans given to a whole group (``PracticePlan.group_id``).</extracomment>
        <translation>Escolha pelo menos uma competência para o plano.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The plan names a skill this version does not know.</source>
        <translation>O plano indica uma competência que esta versão não conhece.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A plan&apos;s skills are of one game.</source>
        <translation>As competências de um plano são de um só jogo.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A plan has between 1 and {most} items.</source>
        <translation>Um plano tem entre 1 e {most} perguntas.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A plan&apos;s due date needs its time zone.</source>
        <translation>A data-limite de um plano precisa do seu fuso horário.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The group {name} is archived: bring it back before giving it a plan.</source>
        <translation>O grupo {name} está arquivado: restaure-o antes de lhe atribuir um plano.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The group {name} has no trainees yet: add them in the Groups tab first.</source>
        <translation>O grupo {name} ainda não tem formandos: adicione-os primeiro no separador Grupos.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Choose at least one trainee to give the plan to.</source>
        <translation>Escolha pelo menos um formando a quem atribuir o plano.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The due date of a plan must be later than now.</source>
        <translation>A data-limite de um plano tem de ser posterior a agora.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>A trainee the plan is for is no longer registered.</source>
        <translation>Um formando a quem o plano se destina já não está registado.</translation>
    </message>
    <message>
        <location filename="../../storage/instructor_calls.py" line="+66"/>
        <location filename="../../storage/schedules.py" line="+20"/>
        <location line="+71"/>
        <source>This instructor account no longer exists.</source>
        <translation>Esta conta de instrutor já não existe.</translation>
    </message>
    <message>
        <location filename="../../storage/standards.py" line="+375"/>
        <source>This version of the trainer has no such skill: choose one from the list.</source>
        <extracomment>The audit entry&apos;s detail of a standard set back to the drills&apos; own target (the server&apos;s ``dt_set_speed_standard`` writes the same words). The skills counted against their target in force: the rollup&apos;s rows of the days.</extracomment>
        <translation>Esta versão do programa não tem essa competência: escolha uma da lista.</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>The mastery rule&apos;s shares are whole percents.</source>
        <translation>As percentagens da regra de domínio são percentagens inteiras.</translation>
    </message>
    <message>
        <location filename="../../rules/rulesets.py" line="+115"/>
        <location line="+490"/>
        <source>a table</source>
        <extracomment>The most digits a number of a ruleset may have before and after its point: far beyond any table, and small enough that no arithmetic on it is slow (1e1000000 is refused as written, before any comparison; int() of it alone would take a minute). Characters a message shows escaped (​): they draw nothing, or turn the text around. Said of a value of a ruleset file that cannot be shown as written (&quot;…, not a table&quot;).</extracomment>
        <translation>uma tabela</translation>
    </message>
    <message>
        <location line="-488"/>
        <location line="+489"/>
        <source>a list</source>
        <translation>uma lista</translation>
    </message>
    <message>
        <location line="-487"/>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a number of more than {digits} digits</source>
        <translation>um número de mais de {digits} algarismos</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{where}: {problem}.</source>
        <extracomment>A ruleset file refused: {where} is the file and the key as written (house.toml: overrides.zero_rule), {problem} what is wrong with it, one of the sentences of rulesets.py (they follow the key: &quot;is missing&quot;).</extracomment>
        <translation>{where}: {problem}.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>{name} cannot be empty</source>
        <translation>{name} não pode ficar vazio</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{name} must be true or false, not {value}</source>
        <translation>{name} tem de ser true ou false, não {value}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} must be one of {options}, not {value}</source>
        <translation>{name} tem de ser um dos valores {options}, não {value}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} must be a number, not {value}</source>
        <translation>{name} tem de ser um número, não {value}</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{name} must be a finite number, not {value}</source>
        <translation>{name} tem de ser um número finito, não {value}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{name} is {value}, a number no table has (at most {digits} digits before and after the point)</source>
        <translation>{name} é {value}, um número que nenhuma mesa tem (no máximo {digits} algarismos na parte inteira e na parte decimal)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} must be a whole number, not {value}</source>
        <translation>{name} tem de ser um número inteiro, não {value}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} is an amount of money, in whole cents (0.01), not {value}</source>
        <translation>{name} é uma quantia em dinheiro, em cêntimos inteiros (0.01), não {value}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{name} is larger than any table accepts ({most} at most), not {value}</source>
        <translation>{name} excede o que qualquer mesa aceita (no máximo {most}): {value}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} must be at least {minimum}, not {value}</source>
        <translation>{name} tem de ser pelo menos {minimum}, não {value}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{name} must be at most {maximum}, not {value}</source>
        <translation>{name} tem de ser no máximo {maximum}, não {value}</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>expected a chip value such as &quot;25&quot;, got {value}</source>
        <extracomment>The drill levels that choose a part of a chip set for their pay tray, lowest first.</extracomment>
        <translation>devia ser o valor de uma ficha, como «25», e não {value}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>not a number: {value}</source>
        <translation>não é um número: {value}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>a chip is a positive amount in cents, not {value}</source>
        <translation>uma ficha é uma quantia positiva em cêntimos, não {value}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{value} is not a chip of the set ({chips})</source>
        <translation>{value} não é uma ficha do conjunto ({chips})</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>needs at least one chip</source>
        <translation>precisa de pelo menos uma ficha</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>chip values must be distinct and listed lowest first</source>
        <translation>os valores das fichas têm de ser diferentes e estar por ordem crescente</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>must be &apos;denominations&apos;, not {value}</source>
        <translation>tem de ser «denominations», não {value}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a chip set is a house setting: false</source>
        <translation>um conjunto de fichas é uma definição da casa: false</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>is not a key of [chips] (known: {keys})</source>
        <translation>não é uma chave de [chips] (as conhecidas: {keys})</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>holds {count} chips; a chip set has at most {most}</source>
        <translation>tem {count} fichas; um conjunto de fichas tem no máximo {most}</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>is needed: the base&apos;s float ({chips}) has chips that are not in the set</source>
        <translation>tem de constar do ficheiro: as fichas de pagamento da base ({chips}) incluem fichas que não estão no conjunto</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>holds {count} chips; a drill&apos;s float holds at most {most} (the pay tray&apos;s keys 1-9)</source>
        <translation>tem {count} fichas; as fichas de pagamento de um exercício são no máximo {most} (as teclas 1-9 do porta-fichas)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>is a currency code such as &quot;HKD&quot; or &quot;MOP&quot;, not {value}</source>
        <translation>é um código de moeda, como «HKD» ou «MOP», não {value}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>is empty: say what the chips are</source>
        <translation>está vazia: diga que fichas são</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>has {count} characters ({most} at most)</source>
        <translation>tem {count} caracteres (no máximo {most})</translation>
    </message>
    <message>
        <location line="+141"/>
        <source>is missing</source>
        <extracomment>What follows a house basis cited where no article can be (``house ruling: …``). What is wrong with a key of a ruleset file, after &quot;file: key:&quot;.</extracomment>
        <translation>falta no ficheiro</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>expected {kind}, got {value}</source>
        <translation>devia ser {kind}, e não {value}</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>a string</source>
        <extracomment>What a key of a ruleset file must hold, in &quot;expected {kind}, got {value}&quot;.</extracomment>
        <translation>um texto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an integer</source>
        <translation>um número inteiro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a number</source>
        <translation>um número</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>true or false</source>
        <translation>true ou false</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{first} or {second}</source>
        <translation>{first} ou {second}</translation>
    </message>
    <message>
        <location line="+130"/>
        <source>the payouts are the regulation&apos;s: a house cannot change them (a house option, such as royal_flush_pays, is a setting in [overrides])</source>
        <extracomment>A house ruleset&apos;s id: lowercase letters and digits in words joined by single hyphens, as the regulations&apos; own (``grand-lisboa-roulette``); no path, no space, no dot. The keys of a house ruleset file, and what a house file cannot change (with why).</extracomment>
        <translation>os pagamentos são os do regulamento: uma casa não os pode alterar (uma opção da casa, como royal_flush_pays, é uma definição em [overrides])</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a house does not declare settings: it changes its base&apos;s in [overrides]</source>
        <translation>uma casa não declara definições: altera as da sua base em [overrides]</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>has {count} characters; a house ruleset file has at most {most}</source>
        <translation>tem {count} caracteres; um ficheiro de regras da casa tem no máximo {most}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>not valid TOML: lists or tables nested too deeply</source>
        <translation>não é TOML válido: listas ou tabelas umas dentro das outras em demasiados níveis</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>line {line}: a number of thousands of digits, which no table has</source>
        <translation>linha {line}: um número com milhares de algarismos, que nenhuma mesa tem</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>not valid TOML: {detail}</source>
        <extracomment>Where tomllib says its error is: ``… (at line 3, column 5)`` or ``… (at end of document)`` (Python 3.11&apos;s ``TOMLDecodeError`` has no ``lineno``).</extracomment>
        <translation>não é TOML válido ({detail})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not valid TOML: {detail} (at end of document)</source>
        <translation>não é TOML válido no fim do ficheiro ({detail})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not valid TOML: {detail} (at line {line}, column {column})</source>
        <translation>não é TOML válido na linha {line}, coluna {column} ({detail})</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>{value} is not a finite number</source>
        <translation>{value} não é um número finito</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{value} is a number no table has (at most {digits} digits before and after the point)</source>
        <translation>{value} é um número que nenhuma mesa tem (no máximo {digits} algarismos na parte inteira e na parte decimal)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>is empty: name the ruleset, such as &quot;grand-lisboa-roulette&quot;</source>
        <translation>está vazio: dê um identificador ao conjunto de regras, como «grand-lisboa-roulette»</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>has {count} characters; an id has at most {most}</source>
        <translation>tem {count} caracteres; um id tem no máximo {most}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{value} is not an id: lowercase letters and digits joined by single hyphens, such as &quot;grand-lisboa-roulette&quot; (no spaces, dots or slashes)</source>
        <translation>{value} não é um id: letras minúsculas e algarismos ligados por um só hífen, como «grand-lisboa-roulette» (sem espaços, pontos nem barras)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>holds U+{code}, a character that is not seen (a control, format or line-break character): write the title on one line in plain letters</source>
        <translation>contém U+{code}, um carácter que não se vê (de controlo, de formatação ou de mudança de linha): escreva o título numa só linha, em letras simples</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>is empty: give the name the trainees will see</source>
        <translation>está vazio: indique o nome que os formandos verão</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>has {count} characters; a title has at most {most}</source>
        <translation>tem {count} caracteres; um título tem no máximo {most}</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>is not a key of a house ruleset (its keys: {keys})</source>
        <translation>não é uma chave das regras da casa (as suas chaves: {keys})</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{id} is a regulation&apos;s own ruleset and is read-only</source>
        <translation>{id} é um conjunto de regras do próprio regulamento e não pode ser alterado</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>a ruleset cannot be its own base (known bases: {known})</source>
        <translation>um conjunto de regras não pode ser a sua própria base (bases conhecidas: {known})</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{value} is a house ruleset; a house ruleset is based on a regulation&apos;s own ruleset (known: {known})</source>
        <translation>{value} são regras da casa; as regras da casa baseiam-se num conjunto de regras do próprio regulamento (conhecidos: {known})</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>no regulation ruleset {value} (known: {known})</source>
        <translation>não existe o conjunto de regras de regulamento {value} (conhecidos: {known})</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>is {value}, but the base {base} is a {game} ruleset</source>
        <translation>é {value}, mas a base {base} é um conjunto de regras de {game}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{id} is already a {game} house ruleset; a {other} one needs another id</source>
        <translation>{id} já é o id de regras da casa de {game}; as de {other} precisam de outro id</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>is not a setting of {base} (its settings: {settings})</source>
        <translation>não é uma definição de {base} (as suas definições: {settings})</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>is not a file (a folder, a device or a pipe)</source>
        <translation>não é um ficheiro (é uma pasta, um dispositivo ou um canal)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>is {size} bytes; a house ruleset file has at most {most} characters</source>
        <translation>tem {size} bytes; um ficheiro de regras da casa tem no máximo {most} caracteres</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>is not UTF-8 text (byte {byte}): save it as UTF-8</source>
        <translation>não é texto UTF-8 (byte {byte}): guarde-o como UTF-8</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cannot be read ({reason})</source>
        <translation>não pode ser lido ({reason})</translation>
    </message>
    <message>
        <location filename="../../storage/house_rulesets.py" line="+126"/>
        <source>{file}: id: the kept text names {named}, not {kept}.</source>
        <translation>{file}: id: o texto guardado indica {named}, não {kept}.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>{file}: is not text.</source>
        <translation>{file}: não é texto.</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>The house ruleset {title} (version {version}) cannot be used by this version of the app: {problem}</source>
        <translation>As regras da casa {title} (versão {version}) não podem ser usadas por esta versão da aplicação: {problem}</translation>
    </message>
    <message>
        <location filename="../../rules/craps/config.py" line="+155"/>
        <source>{article} is of {older}: the part of {newer} on file has no article on this, so this table follows {older}, which {newer} revoked, until its own text is on file.</source>
        <extracomment>The craps texts by the ruleset that follows each, as a citation names them. The rules whose article the ruleset must name, in ``[craps.citations]``. Point number → its pair in the names of the ruleset&apos;s payouts, blocks and articles (``big_6_8``, ``hard_4_10``, ``pass_odds_5_9``, ``dont_odds_6_8``). Table procedure, not in the regulation: the losers are collected before any winner is paid. Portaria n.º 97/85/M sets no order of settlement, so this cites no article.</extracomment>
        <translation>O {article} é da {older}: a parte do {newer} disponível não tem artigo sobre isto, por isso esta mesa segue a {older}, que o {newer} revogou, até o seu próprio texto estar disponível.</translation>
    </message>
    <message>
        <location filename="../../rules/craps/table.py" line="+217"/>
        <source>A {bet} bet is made before a come-out roll only, and the point is {point}: an interpretation (a setting of the ruleset): the text decides the bet on its first throw and does not say when it may be made.</source>
        <translation>Uma aposta {bet} só se faz antes de um primeiro lançamento, e o ponto é {point}: uma interpretação (uma definição do conjunto de regras): o texto decide a aposta no seu primeiro lançamento e não diz quando pode ser feita.</translation>
    </message>
    <message>
        <location filename="../../rules/baccarat/authority.py" line="+47"/>
        <source>even money (an interpretation; the article is not on file)</source>
        <translation>pagamento de 1 para 1 (uma interpretação; o artigo não está disponível)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the winner rule (a secondary text; the article is not on file)</source>
        <translation>a regra do vencedor (um texto secundário; o artigo não está disponível)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>on a tie the Player and Banker bets are returned (an interpretation; the article is not on file)</source>
        <translation>em caso de empate, as apostas no grupo jogador e no grupo banqueiro são devolvidas (uma interpretação; o artigo não está disponível)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the house pay table (the figures of the revoked Ordem Executiva 70/2000)</source>
        <translation>a tabela de pagamentos da casa (os valores da Ordem Executiva n.º 70/2000, revogada)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the house pay table (a figure the house set)</source>
        <translation>a tabela de pagamentos da casa (um valor fixado pela casa)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the drawing rules (a secondary text; the article is not on file)</source>
        <translation>as regras de tiragem da terceira carta (um texto secundário; o artigo não está disponível)</translation>
    </message>
    <message>
        <location filename="../../storage/server/busy.py" line="+56"/>
        <source>The training centre&apos;s server is busy: every connection it allows is in use, and none came free in {seconds} s. Try again in a minute; if it keeps happening, tell IT (the server may be flooded with sign-in attempts).</source>
        <extracomment>How long a sign-in keeps trying while the server has no free connection. The first wait before trying again, and the longest (each wait doubles, then is jittered to between half and one and a half times itself, so workstations do not retry in step).</extracomment>
        <translation>O servidor do centro de formação está ocupado: todas as ligações que permite estão em uso, e nenhuma ficou livre em {seconds} s. Tente de novo daqui a um minuto; se continuar a acontecer, avise o serviço de informática (o servidor pode estar a receber uma avalanche de tentativas de entrada).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Your login already has as many connections open on the server as one person may have. If you are not signed in on other workstations, someone else may be using your login: tell an instructor or IT, and change your password.</source>
        <translation>O seu nome de utilizador já tem abertas no servidor tantas ligações quantas uma pessoa pode ter. Se não tem sessão iniciada noutros postos de trabalho, outra pessoa pode estar a usar o seu nome de utilizador: avise um instrutor ou o serviço de informática, e mude a sua palavra-passe.</translation>
    </message>
    <message>
        <location filename="../../storage/access.py" line="+67"/>
        <source>The password must have at least {count} characters.</source>
        <extracomment>PostgreSQL&apos;s ``passwordcheck`` refuses fewer than 8 bytes; the app counts characters (never more than bytes), so it refuses every password the server would refuse.</extracomment>
        <translation>A palavra-passe tem de ter pelo menos {count} caracteres.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The password must mix letters (a to z) with at least one other character: a digit, a space or a sign.</source>
        <translation>A palavra-passe tem de misturar letras (a a z) com pelo menos outro carácter: um algarismo, um espaço ou um sinal.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The password must not contain the login {login}.</source>
        <translation>A palavra-passe não pode conter o nome de utilizador {login}.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a new password: the one you were given must be replaced by your own.</source>
        <translation>Escolha uma nova palavra-passe: a que lhe foi dada tem de ser substituída por uma sua.</translation>
    </message>
    <message>
        <location filename="../../storage/signin.py" line="-153"/>
        <source>Your password was set by an instructor: choose your own (sign out and sign in again) before you start an exam.</source>
        <extracomment>The server login the records were opened with (``None``: a local file). Said for an unknown login and for a wrong password alike: which logins exist is nobody&apos;s business before sign-in. Said when a trainee whose password someone else set (an instructor, IT) tries to start an exam: they choose their own first (issue 36).</extracomment>
        <translation>A sua palavra-passe foi definida por um instrutor: escolha a sua (termine a sessão e volte a iniciá-la) antes de começar um exame.</translation>
    </message>
    <message>
        <location filename="../../storage/graded.py" line="+141"/>
        <source>1 round waits for grading, since {when}: it is in no figure until the centre&apos;s grader has judged it.</source>
        <extracomment>The server&apos;s view of the graded answers, with the answers&apos; column names (those read). Why the grader flagged it (``grader.Flag``), ``None`` when it graded it as sent. The server&apos;s view of the live-table rounds the grader judged (``policy.GRADED_ROUND_ENDS``), with ``table_round_ends``&apos; column names (those read). Their attempts with the grader&apos;s verdicts (``policy.GRADED_TABLE_ATTEMPTS``), with ``table_attempts``&apos; column names (those read).</extracomment>
        <translation>1 jogada aguarda correcção, desde {when}: não entra em nenhum número até o corrector do centro a avaliar.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{count} rounds wait for grading, since {when}: they are in no figure until the centre&apos;s grader has judged them.</source>
        <translation>{count} jogadas aguardam correcção, desde {when}: não entram em nenhum número até o corrector do centro as avaliar.</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>1 answer waits for grading, since {when}: it is in no figure until the centre&apos;s grader has graded it.</source>
        <translation>1 resposta aguarda correcção, desde {when}: não entra em nenhum número até o corrector do centro a corrigir.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{count} answers wait for grading, since {when}: they are in no figure until the centre&apos;s grader has graded them.</source>
        <translation>{count} respostas aguardam correcção, desde {when}: não entram em nenhum número até o corrector do centro as corrigir.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Not the exam&apos;s item at its place (or more answers than items): counted wrong.</source>
        <extracomment>Why the grader flagged an answer (``grader.Flag``&apos;s values), in words.</extracomment>
        <translation>Não é a pergunta do exame nesse lugar (ou há mais respostas do que perguntas): contada como errada.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recorded after the sitting&apos;s time limit: it does not count.</source>
        <translation>Registada depois do limite de tempo da prova: não conta.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The answer sent cannot be read by the grader: counted wrong.</source>
        <translation>O corrector não consegue ler a resposta enviada: contada como errada.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The grader cannot make the item it names: counted wrong.</source>
        <translation>O corrector não consegue gerar a pergunta indicada: contada como errada.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The workstation said wrong; the grader&apos;s verdict is right.</source>
        <translation>O posto de trabalho disse errada; o veredicto do corrector é certa.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The workstation said right; the grader&apos;s verdict is wrong.</source>
        <translation>O posto de trabalho disse certa; o veredicto do corrector é errada.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The situation the workstation stored is not the item the grader made from its seed: graded on the grader&apos;s item.</source>
        <translation>A situação guardada pelo posto de trabalho não é a pergunta que o corrector gerou da sua semente: corrigida na pergunta do corrector.</translation>
    </message>
    <message>
        <source>Straight-up {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Pleno {shown}</translation>
    </message>
    <message>
        <source>straight-up</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>pleno</translation>
    </message>
    <message>
        <source>straight-ups</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>plenos</translation>
    </message>
    <message>
        <source>Split {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Cavalo {shown}</translation>
    </message>
    <message>
        <source>split</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>cavalo</translation>
    </message>
    <message>
        <source>splits</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>cavalos</translation>
    </message>
    <message>
        <source>Street {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Rua {shown}</translation>
    </message>
    <message>
        <source>street</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>rua</translation>
    </message>
    <message>
        <source>streets</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>ruas</translation>
    </message>
    <message>
        <source>Corner {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Quadro {shown}</translation>
    </message>
    <message>
        <source>corner</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>quadro</translation>
    </message>
    <message>
        <source>corners</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>quadros</translation>
    </message>
    <message>
        <source>Six-line {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Linha {shown}</translation>
    </message>
    <message>
        <source>six-line</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>linha</translation>
    </message>
    <message>
        <source>six-lines</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>linhas</translation>
    </message>
    <message>
        <source>Nine numbers {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Sector de nove números {shown}</translation>
    </message>
    <message>
        <source>nine-number bet</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>sector de nove números</translation>
    </message>
    <message>
        <source>nine-number bets</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>sectores de nove números</translation>
    </message>
    <message>
        <source>Twelve-number sector {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Sector de doze números {shown}</translation>
    </message>
    <message>
        <source>twelve-number sector</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>sector de doze números</translation>
    </message>
    <message>
        <source>twelve-number sectors</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>sectores de doze números</translation>
    </message>
    <message>
        <source>Column {shown}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Coluna {shown}</translation>
    </message>
    <message>
        <source>column</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>coluna</translation>
    </message>
    <message>
        <source>columns</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>colunas</translation>
    </message>
    <message>
        <source>dozen</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>dúzia</translation>
    </message>
    <message>
        <source>dozens</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>dúzias</translation>
    </message>
    <message>
        <source>Dozen 1 (1–12)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Pequeno (1–12)</translation>
    </message>
    <message>
        <source>Dozen 2 (13–24)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Médio (13–24)</translation>
    </message>
    <message>
        <source>Dozen 3 (25–36)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Grande (25–36)</translation>
    </message>
    <message>
        <source>Even</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Par</translation>
    </message>
    <message>
        <source>evens</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>pares</translation>
    </message>
    <message>
        <source>Odd</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Ímpar</translation>
    </message>
    <message>
        <source>odds</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>ímpares</translation>
    </message>
    <message>
        <source>Low 1–18</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Menor 1–18</translation>
    </message>
    <message>
        <source>low (1-18)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>menor (1-18)</translation>
    </message>
    <message>
        <source>lows (1-18)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>menores (1-18)</translation>
    </message>
    <message>
        <source>High 19–36</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Maior 19–36</translation>
    </message>
    <message>
        <source>high (19-36)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>maior (19-36)</translation>
    </message>
    <message>
        <source>highs (19-36)</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>maiores (19-36)</translation>
    </message>
    <message>
        <source>Red</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Encarnado</translation>
    </message>
    <message>
        <source>red</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>encarnado</translation>
    </message>
    <message>
        <source>reds</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>encarnados</translation>
    </message>
    <message>
        <source>Black</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Preto</translation>
    </message>
    <message>
        <source>black</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>preto</translation>
    </message>
    <message>
        <source>blacks</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>pretos</translation>
    </message>
    <message>
        <source>Pass Line</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Pass Line</translation>
    </message>
    <message>
        <source>Don&apos;t Pass</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Don&apos;t Pass</translation>
    </message>
    <message>
        <source>Come</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Come</translation>
    </message>
    <message>
        <source>Come bet on {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Come no {number}</translation>
    </message>
    <message>
        <source>Don&apos;t Come</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Don&apos;t Come</translation>
    </message>
    <message>
        <source>Don&apos;t Come bet on {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Don&apos;t Come no {number}</translation>
    </message>
    <message>
        <source>Odds behind {bet}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Aposta adicional ({bet})</translation>
    </message>
    <message>
        <source>Field</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Field</translation>
    </message>
    <message>
        <source>Hard {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Hard {number}</translation>
    </message>
    <message>
        <source>Big 7</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Big 7</translation>
    </message>
    <message>
        <source>Eleven</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>«11»</translation>
    </message>
    <message>
        <source>Any Craps</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Any Craps</translation>
    </message>
    <message>
        <source>Big {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Big {number}</translation>
    </message>
    <message>
        <source>Box {box} ante</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Ante da posição {box}</translation>
    </message>
    <message>
        <source>Box {box} progressive jackpot bet</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Aposta no jackpot progressivo da posição {box}</translation>
    </message>
    <message>
        <source>Box {box} raise</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Aumento da posição {box}</translation>
    </message>
    <message>
        <source>Small</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Pequeno</translation>
    </message>
    <message>
        <source>Big</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Grande</translation>
    </message>
    <message>
        <source>Total {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Total {number}</translation>
    </message>
    <message>
        <source>Triple {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Triplo {number}</translation>
    </message>
    <message>
        <source>Any triple</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Qualquer triplo</translation>
    </message>
    <message>
        <source>Double {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Duplo {number}</translation>
    </message>
    <message>
        <source>Combination {first}-{second}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Combinação {first}-{second}</translation>
    </message>
    <message>
        <source>Single number {number}</source>
        <extracomment>A bet&apos;s name from the glossary (dealer_trainer/glossary/terms.toml): change its words there; python -m dealer_trainer.i18n.build writes them here.</extracomment>
        <translation>Número simples {number}</translation>
    </message>
</context>
<context>
    <name>AmountPad</name>
    <message>
        <location filename="../../ui/drills/answers.py" line="+155"/>
        <source>Amount to pay</source>
        <translation>Montante a pagar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type or tap the amount</source>
        <translation>Escreva ou toque no montante</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the last digit (Backspace)</source>
        <translation>Apagar o último algarismo (Backspace)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the last digit</source>
        <translation>Apagar o último algarismo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C</source>
        <translation>C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear the amount (Esc)</source>
        <translation>Limpar o montante (Esc)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear the amount</source>
        <translation>Limpar o montante</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay ↵</source>
        <translation>Pagar ↵</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give this amount (Enter)</source>
        <translation>Dar este montante (Enter)</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Type an amount such as %1.</source>
        <translation>Escreva um montante, por exemplo %1.</translation>
    </message>
</context>
<context>
    <name>AnswerDetail</name>
    <message>
        <location filename="../../ui/drills/answer_detail.py" line="+76"/>
        <source>correct</source>
        <translation>certa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wrong</source>
        <translation>errada</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>answered %1 in %2</source>
        <translation>respondida a %1, em %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This version cannot re-create the question; the table is the recorded one.</source>
        <translation>Esta versão não consegue recriar a pergunta; a mesa mostrada é a que foi registada.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Given</source>
        <translation>Resposta dada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expected</source>
        <translation>Resposta esperada</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Rule</source>
        <translation>Regra</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Worked answer</source>
        <translation>Resolução</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Seed</source>
        <translation>Semente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>app</source>
        <translation>versão</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Choose an answer to see its table and question.</source>
        <translation>Escolha uma resposta para ver a respectiva mesa e pergunta.</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>The recorded situation has no table to draw.</source>
        <translation>A situação registada não tem mesa para desenhar.</translation>
    </message>
</context>
<context>
    <name>AnswerWords</name>
    <message>
        <location filename="../../ui/drills/answer_words.py" line="+167"/>
        <source>a bet that is not on the recorded table</source>
        <extracomment>The right order one step a line (pay-order questions), for the drill-down. Felts already laid out, by what they are drawn from: a CSV of a cohort names the bets of thousands of answers, and laying a felt out again for each took 85 % of its time.</extracomment>
        <translation>uma aposta que não está na mesa registada</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>no answer</source>
        <translation>sem resposta</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+31"/>
        <source>an answer this version cannot read</source>
        <translation>uma resposta que esta versão não consegue ler</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>an option whose text is not on file</source>
        <translation>uma opção cujo texto não está arquivado</translation>
    </message>
</context>
<context>
    <name>AnswersModel</name>
    <message>
        <location filename="../../ui/instructor/models.py" line="+174"/>
        <source>Answered</source>
        <translation>Respondida em</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skill</source>
        <translation>Competência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Given</source>
        <translation>Resposta dada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expected</source>
        <translation>Resposta esperada</translation>
    </message>
    <message>
        <location line="+103"/>
        <source>waiting for grading</source>
        <translation>à espera de correcção</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>correct</source>
        <translation>certa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wrong</source>
        <translation>errada</translation>
    </message>
</context>
<context>
    <name>ArticleDialog</name>
    <message>
        <location filename="../../ui/drills/feedback.py" line="+302"/>
        <source>The text of %1 is not on file.</source>
        <translation>O texto do %1 não está disponível.</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>English reading</source>
        <extracomment>Which tab an article opens on, by the app&apos;s language: the text in the reader&apos;s language.</extracomment>
        <translation>Leitura em inglês</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Português (official)</source>
        <translation>Português (oficial)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>中文 (official)</source>
        <translation>中文 (oficial)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No article is cited: this answer rests on the house&apos;s own table (%1). The Sic Bo regulation (Despacho Regulamentar Externo n.º 31/2003) is not on file.</source>
        <translation>Não se cita nenhum artigo: esta resposta assenta na tabela da própria casa (%1). O regulamento do Cussec (Despacho Regulamentar Externo n.º 31/2003) não está disponível.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No article is cited: this answer rests on the table&apos;s procedure (%1), a setting of the ruleset; the regulation sets no order of settlement. Each bet&apos;s own article is in the worked solution.</source>
        <translation>Nenhum artigo é citado: esta resposta assenta no procedimento da mesa (%1), uma definição do conjunto de regras; o regulamento não fixa nenhuma ordem de liquidação. O artigo de cada aposta está na resolução.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The English reading is the project&apos;s aid, not an official text.</source>
        <translation>A leitura em inglês é um auxílio do projecto, não um texto oficial.</translation>
    </message>
</context>
<context>
    <name>CentrePanel</name>
    <message>
        <location filename="../../ui/instructor/centre.py" line="+67"/>
        <location line="+94"/>
        <source>Dealer training centre</source>
        <translation>Centro de formação de croupiers</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>The centre&apos;s settings</source>
        <translation>Definições do centro</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Version</source>
        <translation>Versão</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Saved</source>
        <translation>Guardada</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>By</source>
        <translation>Por</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Settings</source>
        <translation>Definições</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+7"/>
        <source>Trainee</source>
        <translation>Formando</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>S&amp;ave the settings</source>
        <translation>Guardar &amp;as definições</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Centre&apos;s name (transcripts, certificates):</source>
        <translation>N&amp;ome do centro (históricos, certificados):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sittings an e&amp;xam allows (the first included):</source>
        <translation>Provas permitidas por e&amp;xame (incluindo a primeira):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Da&amp;ys to wait between sittings:</source>
        <translation>Dias de espera entre provas:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Certification val&amp;id for (months):</source>
        <translation>Certificação válida por (meses):</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Transcript (P&amp;DF)…</source>
        <translation>&amp;Histórico (PDF)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Certi&amp;ficates (PDF)…</source>
        <translation>Cert&amp;ificados (PDF)…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Game</source>
        <translation>Jogo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Passed on</source>
        <translation>Aprovado em</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In time</source>
        <translation>A tempo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Approved by</source>
        <translation>Aprovado por</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validity</source>
        <translation>Validade</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>For:</source>
        <translation>Para:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Certifications</source>
        <translation>Certificações</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>“%1”, %2 sittings, %3 days between, valid %4 months</source>
        <extracomment>What the tab shows was read before a change of people (or never): it is read when the tab is next shown, not on the GUI thread while the window is built.</extracomment>
        <translation>«%1», %2 provas, %3 dias entre provas, válida %4 meses</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Defaults: %1</source>
        <translation>Predefinições: %1</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Not saved: %1</source>
        <translation>Não guardado: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved as version %1: %2</source>
        <translation>Guardado como versão %1: %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Choose a trainee first.</source>
        <translation>Escolha primeiro um formando.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>certificates</source>
        <translation>certificados</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>transcript</source>
        <translation>histórico</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the PDF</source>
        <translation>Guardar o PDF</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Writing %1…</source>
        <translation>A escrever %1…</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n page(s) written to %1</source>
        <translation>
            <numerusform>%n página escrita em %1</numerusform>
            <numerusform>%n páginas escritas em %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChipBuilder</name>
    <message>
        <location filename="../../ui/drills/answers.py" line="+46"/>
        <source>Total of the chips</source>
        <translation>Total das fichas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo</source>
        <translation>&amp;Anular</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take back the last chip (Backspace)</source>
        <translation>Retirar a última ficha (Backspace)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C&amp;lear</source>
        <translation>Li&amp;mpar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay ↵</source>
        <translation>Pagar ↵</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys 1-9 add a chip; Backspace takes it back.</source>
        <translation>As teclas 1-9 juntam uma ficha; Backspace retira-a.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add a chip of %1</source>
        <translation>Juntar uma ficha de %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a chip of %1 (key %2)</source>
        <translation>Juntar uma ficha de %1 (tecla %2)</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>%1 in one chip</source>
        <translation>%1 numa só ficha</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 in %2 chips</source>
        <translation>%1 em %2 fichas</translation>
    </message>
</context>
<context>
    <name>ChoicePicker</name>
    <message>
        <location line="+161"/>
        <source>Answer ↵</source>
        <translation>Responder ↵</translation>
    </message>
</context>
<context>
    <name>ChoosePasswordDialog</name>
    <message>
        <location filename="../../ui/kit/choose_password.py" line="+42"/>
        <source>Choose your password</source>
        <translation>Escolha a sua palavra-passe</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The password you signed in with was set for you by an instructor: only you should know yours. Choose your own for the login %1 now; until then no exam can be started.</source>
        <translation>A palavra-passe com que iniciou sessão foi definida por um instrutor: só o próprio deve conhecer a sua. Escolha agora a sua para o nome de utilizador %1; até lá não pode começar nenhum exame.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>At least %1 characters, with letters (a to z) and at least one digit, space or sign; not your login.</source>
        <translation>Pelo menos %1 caracteres, com letras (a a z) e pelo menos um algarismo, espaço ou sinal; sem o seu nome de utilizador.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The password you &amp;were given:</source>
        <translation>Palavra-passe &amp;recebida:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Password given</source>
        <translation>Palavra-passe recebida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your &amp;new password:</source>
        <translation>A sua &amp;nova palavra-passe:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New password</source>
        <translation>Nova palavra-passe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The new password &amp;again:</source>
        <translation>A nova palavra-passe &amp;outra vez:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New password again</source>
        <translation>Nova palavra-passe outra vez</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Choose this password</source>
        <translation>&amp;Escolher esta palavra-passe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sign &amp;out</source>
        <translation>&amp;Terminar sessão</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Enter the password you were given.</source>
        <translation>Introduza a palavra-passe que lhe foi dada.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The two new passwords differ: type the same one twice.</source>
        <translation>As duas novas palavras-passe são diferentes: escreva a mesma duas vezes.</translation>
    </message>
</context>
<context>
    <name>CohortModel</name>
    <message>
        <location filename="../../ui/instructor/models.py" line="-211"/>
        <source>Trainee</source>
        <translation>Formando</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answers</source>
        <translation>Respostas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accuracy</source>
        <translation>Taxa de acerto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Typical time</source>
        <translation>Tempo típico</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Days active</source>
        <translation>Dias activos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last active</source>
        <translation>Última actividade</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weakest skill</source>
        <translation>Competência mais fraca</translation>
    </message>
    <message>
        <location line="+57"/>
        <source> (archived)</source>
        <translation> (arquivado)</translation>
    </message>
    <message>
        <location filename="../../reports/within_target.py" line="+28"/>
        <source>Within target</source>
        <extracomment>The column&apos;s heading, in the dashboard&apos;s table (context CohortModel) and the report&apos;s.</extracomment>
        <translation>No tempo-alvo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Within target: of the trainee&apos;s answers in the period, the share that is right and was given within the skill&apos;s target time (the centre&apos;s speed standard, or the drills&apos; own target where the centre has set none). A right answer given too slowly does not count. The Mastery tab counts it the same way.</source>
        <translation>No tempo-alvo: das respostas do formando no período, a parte que está certa e foi dada dentro do tempo-alvo da competência (o padrão de rapidez do centro ou, se o centro não o fixou, o alvo do próprio exercício). Uma resposta certa dada demasiado devagar não conta. O separador Domínio conta da mesma maneira.</translation>
    </message>
</context>
<context>
    <name>CohortView</name>
    <message>
        <location filename="../../ui/instructor/dashboard.py" line="+263"/>
        <source>Group:</source>
        <extracomment>The table&apos;s figures of this round, when they came before the plots&apos;. What the view shows once plots and table are in (the cohort PDF reuses it).</extracomment>
        <translation>Grupo:</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../ui/instructor/table_results.py" line="+556"/>
        <source>Period:</source>
        <translation>Período:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skill:</source>
        <translation>Competência:</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Find a trainee…</source>
        <translation>Procurar um formando…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Skills, weakest first</source>
        <translation>Competências, da mais fraca para a mais forte</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Loading…</source>
        <translation>A carregar…</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>%1 to %2</source>
        <translation>%1 a %2</translation>
    </message>
    <message numerus="yes">
        <location line="+32"/>
        <source>%1 trainee(s)</source>
        <translation>
            <numerusform>%1 formando</numerusform>
            <numerusform>%1 formandos</numerusform>
        </translation>
    </message>
    <message>
        <location line="-73"/>
        <source>Loading the trainees&apos; figures…</source>
        <translation>A carregar os números dos formandos…</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Trainees (Enter or double-click for details)</source>
        <translation>Formandos (Enter ou duplo clique para ver os pormenores)</translation>
    </message>
    <message>
        <location filename="../../ui/kit/group_picker.py" line="+32"/>
        <source>Every trainee</source>
        <translation>Todos os formandos</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (archived)</source>
        <translation> (arquivado)</translation>
    </message>
</context>
<context>
    <name>Confirmation</name>
    <message>
        <location filename="../../ui/kit/confirm.py" line="+50"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>DrillLauncher</name>
    <message>
        <location filename="../../ui/trainee/launcher.py" line="+325"/>
        <source>Skills</source>
        <translation>Competências</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items in a mock exam</source>
        <translation>Perguntas num exame simulado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exam to sit</source>
        <translation>Exame a realizar</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>Storage is not available: %1</source>
        <translation>O armazenamento não está disponível: %1</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>Assigned: %1</source>
        <translation>Atribuído: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Assigned: %1 (resume at item %2 of %3)</source>
        <translation>Atribuído: %1 (retomar na pergunta %2 de %3)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Assigned: %1 (resume at the live table)</source>
        <translation>Atribuído: %1 (retomar na mesa ao vivo)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Assigned: %1 (from %2)</source>
        <translation>Atribuído: %1 (a partir de %2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Assigned: %1 (retake)</source>
        <translation>Atribuído: %1 (repetição)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Mock exam (pass mark %1%)</source>
        <translation>Exame simulado (nota mínima %1%)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A mock exam of the skills ticked below, as many items as its size says; %1% right passes. Only an exam your instructor assigns counts.</source>
        <translation>Um exame simulado das competências assinaladas abaixo, com tantas perguntas quantas indica o seu tamanho; passa com %1% de respostas certas. Só conta um exame atribuído pelo seu instrutor.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Tick at least one skill.</source>
        <translation>Assinale pelo menos uma competência.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Sign in first: exams, review and your mistakes are reached only after you sign in (Sign in… on the left).</source>
        <translation>Inicie sessão primeiro: os exames, a revisão e os seus erros só ficam acessíveis depois de iniciar sessão (Iniciar sessão… à esquerda).</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>No skill is due for review: well done.</source>
        <translation>Nenhuma competência precisa de revisão por agora: muito bem.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You have no wrong answers to try again.</source>
        <translation>Não tem respostas erradas para tentar de novo.</translation>
    </message>
    <message>
        <location line="-247"/>
        <source>The session could not start: %1</source>
        <translation>Não foi possível iniciar a sessão: %1</translation>
    </message>
</context>
<context>
    <name>DrillScreen</name>
    <message>
        <location filename="../../ui/drills/screen.py" line="+298"/>
        <source>not recorded</source>
        <translation>não registado</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time left</source>
        <translation>Tempo restante</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;End session</source>
        <translation>T&amp;erminar a sessão</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Felt</source>
        <translation>Pano</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show a &amp;hint</source>
        <translation>Mostrar uma &amp;pista</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keypad</source>
        <translation>&amp;Teclado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ch&amp;ips</source>
        <translation>Fic&amp;has</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Retry saving</source>
        <translation>Tentar &amp;gravar de novo</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>On the table: %1</source>
        <translation>Na mesa: %1</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Item %1 of %2</source>
        <translation>Pergunta %1 de %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Item %1</source>
        <translation>Pergunta %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of %2 right</source>
        <translation>%1 de %2 certas</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Your answer could not be saved, so no feedback is shown yet: %1
It is kept here; retry saving when the database is back.</source>
        <translation>Não foi possível gravar a sua resposta, por isso a correcção ainda não é mostrada: %1
A resposta fica guardada aqui; tente gravar de novo quando a base de dados voltar a estar disponível.</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>An answer is not saved yet. Retry saving before you end the session.</source>
        <extracomment>Asks before an exam is left half-way (tests put their own answer here).</extracomment>
        <translation>Há uma resposta que ainda não foi gravada. Tente gravar de novo antes de terminar a sessão.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The session could not be closed in the database: %1</source>
        <translation>Não foi possível fechar a sessão na base de dados: %1</translation>
    </message>
</context>
<context>
    <name>ExamBuilder</name>
    <message>
        <location filename="../../ui/exams/panel.py" line="+98"/>
        <source>New exam</source>
        <translation>Novo exame</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>e.g. Roulette payouts, week 3</source>
        <translation>p. ex. Pagamentos na roleta, semana 3</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>none (rounds only)</source>
        <translation>nenhuma (só rondas)</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+7"/>
        <source>none</source>
        <translation>sem limite</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>The share of items to answer right within the skill&apos;s target time.</source>
        <translation>A parte das perguntas a responder certo dentro do tempo-alvo da competência.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The same seed gives the same items in the same order to every trainee.</source>
        <translation>A mesma semente dá as mesmas perguntas, pela mesma ordem, a todos os formandos.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Title:</source>
        <translation>Título:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ruleset:</source>
        <translation>Regulamento:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skills:</source>
        <translation>Competências:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Difficulty:</source>
        <translation>Dificuldade:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items:</source>
        <translation>Perguntas:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live-table rounds:</source>
        <translation>Rondas na mesa ao vivo:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pass mark:</source>
        <translation>Nota mínima:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed pass mark:</source>
        <translation>Nota mínima de rapidez:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Time limit:</source>
        <translation>Tempo limite:</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Seed:</source>
        <translation>Semente:</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Save the e&amp;xam</source>
        <translation>Guardar o e&amp;xame</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The items every trainee will get:</source>
        <translation>As perguntas que todos os formandos vão receber:</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>No drill items.</source>
        <translation>Sem perguntas de treino.</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+27"/>
        <source>Tick at least one skill.</source>
        <translation>Assinale pelo menos uma competência.</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>… and %1 more</source>
        <translation>… e mais %1</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Give the exam a title.</source>
        <translation>Dê um título ao exame.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>An exam named “%1” exists already: give this one a title of its own (a week, an intake group).</source>
        <translation>Já existe um exame chamado «%1»: dê a este um título próprio (uma semana, um grupo).</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Saved: %1</source>
        <translation>Guardado: %1</translation>
    </message>
</context>
<context>
    <name>ExamEnd</name>
    <message>
        <location filename="../../ui/exams/sitting.py" line="+345"/>
        <source>Exam results</source>
        <extracomment>The table&apos;s clock, monotonic milliseconds (the tests&apos; is moved by hand). Where the paper&apos;s ruleset is looked up (a house ruleset&apos;s version needs it). How long a watch waits before giving up (the transcript shows the grade later).</extracomment>
        <translation>Resultados do exame</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Handed in: %1</source>
        <translation>Entregue: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Waiting for grading since %1: the centre&apos;s server grades this sitting. Its result, and your certification if you passed, appear in your transcript once it is graded.</source>
        <translation>À espera de correcção desde as %1: o servidor do centro corrige esta prova. O resultado, e a sua certificação se for aprovado, aparecem no seu histórico quando estiver corrigida.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Passed: %1</source>
        <translation>Aprovado: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You are certified for this game; your instructor sees it too.</source>
        <translation>Está certificado para este jogo; o seu instrutor também o vê.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not passed: %1</source>
        <translation>Não aprovado: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every step and answer is recorded: review them from the Drills menu (Review my exams…), and ask your instructor about a retake.</source>
        <translation>Cada passo e cada resposta ficam registados: reveja-os no menu Treino (Rever os meus exames…) e pergunte ao seu instrutor por uma repetição.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This computer&apos;s preview:</source>
        <translation>Pré-visualização deste computador:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The score is kept by the centre&apos;s server; your instructor sees it.</source>
        <translation>A nota fica guardada no servidor do centro; o seu instrutor vê-a.</translation>
    </message>
</context>
<context>
    <name>ExamReview</name>
    <message>
        <location filename="../../ui/exams/review.py" line="+87"/>
        <source>This exam opens on %1.</source>
        <translation>Este exame abre em %1.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This exam closed on %1.</source>
        <translation>Este exame fechou em %1.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>You have passed this exam already.</source>
        <translation>Já foi aprovado neste exame.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Your last sitting of this exam is waiting for grading by the centre&apos;s server (handed in at %1): a new sitting may start once it is graded.</source>
        <translation>A sua última prova deste exame está à espera de correcção pelo servidor do centro (entregue às %1): poderá fazer nova prova quando estiver corrigida.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>You have sat this exam %1 times: the centre allows %2 sittings.</source>
        <translation>Já fez este exame %1 vezes: o centro permite %2 provas.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>You may sit this exam again from %1 (sitting %2 of %3): wait until then.</source>
        <translation>Pode voltar a fazer este exame a partir de %1 (prova %2 de %3): aguarde até lá.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>waiting for grading since %1</source>
        <translation>à espera de correcção desde %1</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Exam review: %1</source>
        <extracomment>The sitting&apos;s live-table rounds, ended, in the order dealt (an exam with rounds). The assignment it is a sitting of (a trainee&apos;s row in the exam&apos;s results).</extracomment>
        <translation>Revisão do exame: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Sitting</source>
        <translation>Prova</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&amp;Sitting:</source>
        <translation>&amp;Prova:</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&amp;Close</source>
        <translation>&amp;Fechar</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No sitting of this exam has ended yet.</source>
        <translation>Nenhuma prova deste exame terminou ainda.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Item</source>
        <translation>Pergunta</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>Skill</source>
        <translation>Competência</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Missed by</source>
        <translation>Falhada por</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Wrong</source>
        <translation>Erradas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share wrong</source>
        <translation>Parte errada</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>not answered by anyone</source>
        <translation>ninguém respondeu</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of 1 sitting</source>
        <translation>%1 de 1 prova</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 sittings</source>
        <translation>%1 de %2 provas</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>What the group missed most</source>
        <translation>O que o grupo mais falhou</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1. %2: waiting for grading</source>
        <translation>%1. %2: à espera de correcção</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1. not answered</source>
        <translation>%1. sem resposta</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 of %2 items right; %3 answered. Choose an item to see it on the felt.</source>
        <translation>%1 de %2 perguntas certas; %3 respondidas. Escolha uma pergunta para a ver na mesa.</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Round %1: %2</source>
        <translation>Ronda %1: %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Round %1 · ✓ every step right</source>
        <translation>Ronda %1 · ✓ todos os passos certos</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Round %1 · ✗ 1 mistake</source>
        <translation>Ronda %1 · ✗ 1 erro</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Round %1 · ✗ %2 mistakes</source>
        <translation>Ronda %1 · ✗ %2 erros</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Live table: %1 rounds, %2 of %3 steps right. Choose a round to replay it step by step with its mistakes.</source>
        <translation>Mesa ao vivo: %1 rondas, %2 de %3 passos certos. Escolha uma ronda para a rever passo a passo com os seus erros.</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Exam sat on %1</source>
        <translation>Exame feito em %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+25"/>
        <location line="+33"/>
        <source>%1 · sat on %2 · %3</source>
        <translation>%1 · feito em %2 · %3</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Mock exam</source>
        <translation>Exame simulado</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Table exam: %1</source>
        <translation>Exame na mesa: %1</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1 · sitting %2 · %3</source>
        <translation>%1 · prova %2 · %3</translation>
    </message>
</context>
<context>
    <name>ExamTable</name>
    <message>
        <location filename="../../ui/exams/table_words.py" line="+22"/>
        <source>spins</source>
        <extracomment>What one round of the live table is called, per game (as ``drills.table.pace``).</extracomment>
        <translation>lançamentos</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>throws</source>
        <translation>lançamentos de dados</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>rounds</source>
        <translation>jogadas</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Accuracy: the items answered right and the rounds&apos; steps dealt right, over all the items and every step judged (each step tried, each planned step not done): an item weighs as one step, a round as the steps it needs. Speed: the items answered right within their skill&apos;s target time, and the rounds dealt without a mistake within the house&apos;s pace for %1 at this level (%2 %3 an hour: %4 a round), over the items and the rounds. Every round must be dealt to pass.</source>
        <translation>Exactidão: as perguntas certas e os passos das rondas feitos certos, sobre todas as perguntas e todos os passos avaliados (cada passo tentado, cada passo previsto não feito): uma pergunta pesa como um passo, uma ronda como os passos de que precisa. Rapidez: as perguntas certas dentro do tempo-alvo da competência e as rondas feitas sem erro dentro do ritmo da casa para %1 neste nível (%2 %3 por hora: %4 por ronda), sobre as perguntas e as rondas. Para aprovar, todas as rondas têm de ser feitas.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Items: %1 of %2 right, %3 right within the target time.</source>
        <translation>Perguntas: %1 de %2 certas, %3 certas dentro do tempo-alvo.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Live table (%1): %2 of %3 rounds dealt; %4 of %5 steps right; %6 rounds without a mistake within the pace.</source>
        <translation>Mesa ao vivo (%1): %2 de %3 rondas feitas; %4 de %5 passos certos; %6 rondas sem erro dentro do ritmo.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Accuracy %1 (pass mark %2).</source>
        <translation>Exactidão %1 (nota mínima %2).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Speed %1 (speed mark %2).</source>
        <translation>Rapidez %1 (nota mínima de rapidez %2).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not every round was dealt to its end: the sitting cannot pass.</source>
        <translation>Nem todas as rondas foram feitas até ao fim: esta prova não pode ser aprovada.</translation>
    </message>
</context>
<context>
    <name>ExamsPanel</name>
    <message>
        <location filename="../../ui/exams/panel.py" line="-305"/>
        <source>Beginner</source>
        <translation>Principiante</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Intermediate</source>
        <translation>Intermédio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Advanced</source>
        <translation>Avançado</translation>
    </message>
    <message>
        <location line="+348"/>
        <source>Tick a group&apos;s trainees…</source>
        <translation>Marcar os formandos de um grupo…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Due by</source>
        <translation>Prazo</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Opens</source>
        <translation>Abre</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Review on the &amp;felt…</source>
        <translation>Rever na mesa…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Withdraw…</source>
        <translation>Ret&amp;irar…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Take the exam back from the trainee chosen below, before they start it.</source>
        <translation>Retirar o exame ao formando escolhido abaixo, antes de o começar.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Assign to the ticked trainees</source>
        <translation>&amp;Atribuir aos formandos assinalados</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Trainee</source>
        <translation>Formando</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Assigned</source>
        <translation>Atribuído</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Taken</source>
        <translation>Realizado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation>Pontuação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Assign</source>
        <translation>Atribuir</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Group:</source>
        <translation>Grupo:</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Exams</source>
        <translation>Exames</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Results</source>
        <translation>Resultados</translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n pergunta</numerusform>
            <numerusform>%n perguntas</numerusform>
        </translation>
    </message>
    <message>
        <location line="+53"/>
        <source>No exam yet: build one on the left.</source>
        <translation>Ainda não há exames: crie um à esquerda.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no time limit</source>
        <translation>sem tempo limite</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 items, %3, pass mark %4, %5. Skills: %6</source>
        <translation>%1: %2 perguntas, %3, nota mínima %4, %5. Competências: %6</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 items, %3, pass mark %4, speed pass mark %7 (right within the target time), %5. Skills: %6</source>
        <translation>%1: %2 perguntas, %3, nota mínima %4, nota mínima de rapidez %7 (certas dentro do tempo-alvo), %5. Competências: %6</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>waiting for grading since %1</source>
        <translation>à espera de correcção desde %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not taken yet</source>
        <translation>ainda não realizado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>passed</source>
        <translation>aprovado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>reprovado</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Choose a trainee in the results first.</source>
        <translation>Escolha primeiro um formando nos resultados.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Withdraw “%1” from %2?</source>
        <translation>Retirar «%1» a %2?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%2 no longer has “%1” to sit, and it leaves the overdue list. The audit log keeps that it was given and withdrawn. An exam already started cannot be withdrawn.</source>
        <translation>%2 deixa de ter «%1» para fazer, e o exame sai da lista de atrasos. O registo de auditoria guarda que foi atribuído e retirado. Um exame já iniciado não pode ser retirado.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Withdraw</source>
        <translation>Retirar</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>“%1” is withdrawn from %2.</source>
        <translation>«%1» foi retirado a %2.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>This trainee has not sat the exam yet: nothing to review.</source>
        <translation>Este formando ainda não fez o exame: não há nada para rever.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose an exam first.</source>
        <translation>Escolha primeiro um exame.</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Choose an exam and tick at least one trainee.</source>
        <translation>Escolha um exame e assinale pelo menos um formando.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The exam must open before it is due: change a date.</source>
        <translation>O exame tem de abrir antes do prazo: altere uma data.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The due date has passed: choose today or a later day.</source>
        <translation>O prazo já passou: escolha hoje ou um dia posterior.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Every trainee ticked has this exam already: %1.</source>
        <translation>Todos os formandos assinalados já têm este exame: %1.</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>Assigned to %n trainee(s).</source>
        <translation>
            <numerusform>Atribuído a %n formando.</numerusform>
            <numerusform>Atribuído a %n formandos.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Already assigned to: %1.</source>
        <translation>Já estava atribuído a: %1.</translation>
    </message>
    <message>
        <location filename="../../ui/exams/table_part.py" line="+81"/>
        <source>Then %1 rounds of %2 at the live table, %3, in exam mode.</source>
        <translation>Depois %1 rondas de %2 na mesa ao vivo, %3, em modo de exame.</translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+19"/>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Live-table rounds</source>
        <translation>Rondas na mesa ao vivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>at</source>
        <translation>nível</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Live table: %1 rounds of %2, %3, pass mark %4, speed mark %5.</source>
        <translation>Mesa ao vivo: %1 rondas de %2, %3, nota mínima %4, nota mínima de rapidez %5.</translation>
    </message>
</context>
<context>
    <name>FeedbackPanel</name>
    <message>
        <location filename="../../ui/drills/feedback.py" line="+86"/>
        <source>Read the article (F1)</source>
        <translation>Ler o artigo (F1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Next item ↵</source>
        <translation>Pergunta &amp;seguinte ↵</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Time is up</source>
        <translation>Acabou o tempo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Right</source>
        <translation>Certo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not right</source>
        <translation>Errado</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Your order: %1</source>
        <translation>A sua ordem: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Your answer: %1</source>
        <translation>A sua resposta: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Correct answer: %1</source>
        <translation>Resposta certa: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Worked solution</source>
        <translation>Resolução</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Basis: %1  (F1)</source>
        <translation>Base: %1  (F1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Article: %1  (F1)</source>
        <translation>Artigo: %1  (F1)</translation>
    </message>
</context>
<context>
    <name>FirstStartDialog</name>
    <message>
        <location filename="../../ui/instructor/login.py" line="+55"/>
        <source>Create the instructor account</source>
        <translation>Criar a conta de instrutor</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This is the first start: nobody can open the instructor views yet. Choose the instructor&apos;s name, a login and a password of at least %1 characters. Everyone signs in with their own login and password; the results, exams and reports need this one.</source>
        <translation>Este é o primeiro arranque: ninguém pode ainda abrir a área do instrutor. Escolha o nome do instrutor, um nome de utilizador e uma palavra-passe com pelo menos %1 caracteres. Cada pessoa inicia sessão com o seu próprio nome de utilizador e palavra-passe; os resultados, exames e relatórios precisam desta.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>made from the name if empty</source>
        <translation>feito a partir do nome se ficar vazio</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Instructor&apos;s &amp;name:</source>
        <translation>&amp;Nome do instrutor:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Login:</source>
        <translation>&amp;Nome de utilizador:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Password:</source>
        <translation>&amp;Palavra-passe:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Repeat the password:</source>
        <translation>&amp;Repetir a palavra-passe:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Create the account</source>
        <translation>&amp;Criar a conta</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The two passwords differ.</source>
        <translation>As duas palavras-passe são diferentes.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The password must have at least %1 characters.</source>
        <translation>A palavra-passe tem de ter pelo menos %1 caracteres.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Please check the name: %1</source>
        <translation>Verifique o nome: %1</translation>
    </message>
</context>
<context>
    <name>GlossaryWindow</name>
    <message>
        <location filename="../../ui/window/glossary.py" line="+191"/>
        <source>Customary Macau term. %1</source>
        <extracomment>The table&apos;s columns: the game, then the word in each language. Which language&apos;s cited article Enter opens first, by the window&apos;s language.</extracomment>
        <translation>Termo habitual em Macau. %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The project&apos;s English reading of %1 (not an official text)</source>
        <translation>Leitura em inglês do projecto: %1 (não é um texto oficial)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: the Portuguese text writes this name in English</source>
        <translation>%1: o texto português escreve este nome em inglês</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, Portuguese text</source>
        <translation>%1, texto português</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, Chinese text</source>
        <translation>%1, texto chinês</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(written «%1»)</source>
        <translation>(escrito «%1»)</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 of %2 terms</source>
        <translation>%1 de %2 termos</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No term has «%1» in English, Portuguese or Chinese.</source>
        <translation>Nenhum termo tem «%1» em inglês, português ou chinês.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No %2 term has «%1» in English, Portuguese or Chinese.</source>
        <translation>Nenhum termo de %2 tem «%1» em inglês, português ou chinês.</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Glossary</source>
        <translation>Glossário</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the &amp;article (Enter)</source>
        <translation>Ler o &amp;artigo (Enter)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Search:</source>
        <translation>&amp;Procurar:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A word in English, Portuguese or Chinese</source>
        <translation>Uma palavra em inglês, português ou chinês</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Game:</source>
        <translation>&amp;Jogo:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All games</source>
        <translation>Todos os jogos</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Game</source>
        <translation>Jogo</translation>
    </message>
</context>
<context>
    <name>GradingNotice</name>
    <message numerus="yes">
        <location filename="../../ui/instructor/grading.py" line="+76"/>
        <source>%1 answer(s) flagged by the grader…</source>
        <translation>
            <numerusform>%1 resposta assinalada pelo corrector…</numerusform>
            <numerusform>%1 respostas assinaladas pelo corrector…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Answers flagged by the grader</source>
        <translation>Respostas assinaladas pelo corrector</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The centre&apos;s grader graded these answers otherwise than the trainee&apos;s computer, or could not grade them as sent. Its grade is the record.</source>
        <translation>O corrector do centro corrigiu estas respostas de outra forma que o computador do formando, ou não as pôde corrigir como foram enviadas. A sua correcção é o registo.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>exam</source>
        <translation>exame</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>practice</source>
        <translation>prática</translation>
    </message>
</context>
<context>
    <name>GroupDialog</name>
    <message>
        <location filename="../../ui/instructor/groups.py" line="+109"/>
        <source>Edit %1</source>
        <translation>Editar %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> (disabled)</source>
        <translation> (desactivado)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Name:</source>
        <translation>&amp;Nome:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Starts on:</source>
        <translation>&amp;Começa em:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instructors:</source>
        <translation>Instrutores:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>GroupsPanel</name>
    <message>
        <location line="+73"/>
        <source>New group&apos;s name (e.g. Intake November 2026)</source>
        <translation>Nome do novo grupo (p. ex. Grupo de Novembro de 2026)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start date</source>
        <translation>Data de início</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The day the group starts its training</source>
        <translation>O dia em que o grupo começa a formação</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Group</source>
        <translation>Grupo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Starts</source>
        <translation>Início</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instructors</source>
        <translation>Instrutores</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trainees</source>
        <translation>Formandos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>E&amp;dit…</source>
        <translation>Ed&amp;itar…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The cohort view, exams and reports can be narrowed to a group. An archived group leaves those pickers; its history stays.</source>
        <translation>A vista de todos os formandos, os exames e os relatórios podem limitar-se a um grupo. Um grupo arquivado sai dessas listas; o seu histórico fica.</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Starts on:</source>
        <translation>Começa em:</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>archived</source>
        <translation>arquivado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>current</source>
        <translation>em curso</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Ne&amp;w group</source>
        <translation>N&amp;ovo grupo</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Tr&amp;ainees…</source>
        <translation>Form&amp;andos…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+46"/>
        <source>Arch&amp;ive</source>
        <translation>Ar&amp;quivar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Restore</source>
        <translation>Restaurar</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A group named “%1” already exists.</source>
        <translation>Já existe um grupo chamado «%1».</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“%1” is the name of the group “%2”: names that differ only in capitals, letter width, spaces or invisible characters are one name.</source>
        <translation>«%1» é o nome do grupo «%2»: nomes que só diferem em maiúsculas, largura das letras, espaços ou caracteres invisíveis são um só nome.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A group&apos;s name must have 1 to 100 visible characters.</source>
        <translation>O nome de um grupo tem de ter de 1 a 100 caracteres visíveis.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The group %1 starts on %2: tick its trainees with the Trainees… button.</source>
        <translation>O grupo %1 começa em %2: marque os seus formandos com o botão Formandos…</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The name and start of %1 are saved, its instructors not: %2</source>
        <translation>O nome e o início de %1 estão guardados, os instrutores não: %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The group %1 is saved.</source>
        <translation>O grupo %1 foi guardado.</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>%1 has %n trainee(s).</source>
        <translation>
            <numerusform>%1 tem %n formando.</numerusform>
            <numerusform>%1 tem %n formandos.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Archive %1?</source>
        <translation>Arquivar %1?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Archive the group %1? It leaves the cohort, exam and report pickers; its trainees, their answers and the group&apos;s history stay.</source>
        <translation>Arquivar o grupo %1? Sai das listas da vista de formandos, dos exames e dos relatórios; os seus formandos, as respostas deles e o histórico do grupo ficam.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Archive %1</source>
        <translation>&amp;Arquivar %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is archived.</source>
        <translation>%1 foi arquivado.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 is current again.</source>
        <translation>%1 está de novo em curso.</translation>
    </message>
</context>
<context>
    <name>HouseRulesetsPanel</name>
    <message>
        <location filename="../../ui/instructor/house_rulesets.py" line="+106"/>
        <source>&amp;Add a house ruleset file…</source>
        <extracomment>The app&apos;s rulesets: a file kept here is given to them at once (the picker). How to say the message in the language of the moment (said again on a switch).</extracomment>
        <translation>&amp;Acrescentar um ficheiro de regras da casa…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The &amp;keys of a house file…</source>
        <translation>As c&amp;haves de um ficheiro da casa…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Game</source>
        <translation>Jogo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Follows</source>
        <translation>Segue</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Version</source>
        <translation>Versão</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Added</source>
        <translation>Acrescentado</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A house ruleset is a file (TOML) with the house&apos;s own settings over a regulation&apos;s ruleset: the options the regulation leaves to the house and its chips. It is checked before it is kept, and every workstation&apos;s ruleset picker offers it. A changed file is kept as a new version: answers keep the version they were graded under. The keys of a house file… lists every setting a file may give, its default and the article it rests on (in English, as the file&apos;s keys are).</source>
        <translation>As regras da casa são um ficheiro (TOML) com as definições próprias da casa sobre o regulamento: as opções que o regulamento deixa à casa e as suas fichas. O ficheiro é verificado antes de ser guardado, e a escolha de regulamento de cada posto de trabalho passa a oferecê-lo. Um ficheiro alterado é guardado como nova versão: as respostas mantêm a versão com que foram classificadas. As chaves de um ficheiro da casa… lista cada definição que um ficheiro pode dar, o seu valor por omissão e o artigo em que assenta (em inglês, como as chaves do ficheiro).</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1 by %2</source>
        <translation>%1 por %2</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The keys of a house ruleset file</source>
        <translation>As chaves de um ficheiro de regras da casa</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Add a house ruleset file</source>
        <translation>Acrescentar um ficheiro de regras da casa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>House ruleset (*.toml);;Any file (*)</source>
        <translation>Regras da casa (*.toml);;Qualquer ficheiro (*)</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The file was refused: %1</source>
        <translation>O ficheiro foi recusado: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The file was not kept: %1</source>
        <translation>O ficheiro não foi guardado: %1</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>“%1” is kept as version %2; the ruleset picker offers it.</source>
        <translation>«%1» foi guardado como versão %2; a escolha de regulamento passa a oferecê-lo.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” is unchanged: version %2 has this very text.</source>
        <translation>«%1» não mudou: a versão %2 tem exactamente este texto.</translation>
    </message>
</context>
<context>
    <name>InstructorWindow</name>
    <message>
        <location filename="../../ui/instructor/window.py" line="+454"/>
        <source>Instructor · %1</source>
        <extracomment>The skills whose within-target rollup was counted again (``recount_within``). The people lists were read again after a change (here or on another workstation). How often the window asks whether people changed elsewhere (a cheap read, off the GUI thread): a trainee added on another workstation shows within seconds. The app&apos;s rulesets (the house&apos;s too): the views look the records&apos; rulesets up here. The one trainee&apos;s tab, built when first opened (or asked for: ``trainee``). The lab&apos;s switch: the server is reached unverified (said all the time, as the main window says it).</extracomment>
        <translation>Instrutor · %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Cohort</source>
        <translation>&amp;Turma</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>T&amp;rainee</source>
        <translation>&amp;Formando</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Table results</source>
        <translation>Resultados na &amp;mesa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Exams</source>
        <translation>&amp;Exames</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trainee &amp;profiles</source>
        <translation>&amp;Perfis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Groups</source>
        <translation>&amp;Grupos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instr&amp;uctors</source>
        <translation>Instr&amp;utores</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rep&amp;orts</source>
        <translation>&amp;Relatórios</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Practice p&amp;lans</source>
        <translation>P&amp;lanos</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>&amp;House rulesets</source>
        <translation>Regras da &amp;casa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Verify records</source>
        <translation>&amp;Verificar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ce&amp;ntre</source>
        <translation>Ce&amp;ntro</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Lock the instructor views</source>
        <translation>&amp;Bloquear a área do instrutor</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Instructor</source>
        <translation>Instrutor</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Mastery</source>
        <translation>&amp;Domínio</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Standards</source>
        <translation>Padrõe&amp;s</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>The instructor views locked themselves after a pause: enter the password again.</source>
        <translation>A área do instrutor bloqueou-se após um período de inactividade: introduza de novo a palavra-passe.</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Instructor views</source>
        <translation>Área do instrutor</translation>
    </message>
</context>
<context>
    <name>InstructorsPanel</name>
    <message>
        <location filename="../../ui/instructor/instructors.py" line="+28"/>
        <source>New instructor&apos;s full name</source>
        <translation>Nome completo do novo instrutor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Login (made from the name if empty)</source>
        <translation>Nome de utilizador (feito a partir do nome se ficar vazio)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+11"/>
        <source>Login</source>
        <translation>Nome de utilizador</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Password (at least %1 characters)</source>
        <translation>Palavra-passe (pelo menos %1 caracteres)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The password again</source>
        <translation>A palavra-passe outra vez</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Add instructor</source>
        <translation>&amp;Adicionar instrutor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Added</source>
        <translation>Adicionado</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+64"/>
        <source>&amp;Disable…</source>
        <translation>Desactivar…</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Set the pass&amp;word…</source>
        <translation>Def&amp;inir a palavra-passe…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>A disabled instructor can no longer sign in; the exams they built and assigned and everything they recorded stay. Nobody can disable their own account, so one active instructor always remains. An instructor who forgot their password gets a new one from another instructor (Set the password…).</source>
        <translation>Um instrutor desactivado já não pode iniciar sessão; os exames que criou e atribuiu e tudo o que registou ficam. Ninguém pode desactivar a própria conta, por isso fica sempre um instrutor activo. Um instrutor que esqueceu a palavra-passe recebe uma nova de outro instrutor (Definir a palavra-passe…).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A disabled instructor can no longer sign in; the exams they built and assigned and everything they recorded stay. Nobody can disable their own account, so one active instructor always remains. On the centre&apos;s server IT sets an instructor&apos;s password (dealer-trainer server set-password).</source>
        <translation>Um instrutor desactivado já não pode iniciar sessão; os exames que criou e atribuiu e tudo o que registou ficam. Ninguém pode desactivar a própria conta, por isso fica sempre um instrutor activo. No servidor do centro, a informática define a palavra-passe de um instrutor (dealer-trainer server set-password).</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>disabled</source>
        <translation>desactivado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>active</source>
        <translation>activo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>you</source>
        <translation>você</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Your own password is changed with the current one: Trainee profiles › Your password.</source>
        <translation>A sua própria palavra-passe muda-se com a actual: Perfis › A sua palavra-passe.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Ena&amp;ble</source>
        <translation>Reactivar</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>“%1” is the name of the instructor “%2”: names that differ only in capitals, letter width, spaces or invisible characters are one name.</source>
        <translation>«%1» é o nome do instrutor «%2»: nomes que só diferem em maiúsculas, largura das letras, espaços ou caracteres invisíveis são um só nome.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The login “%1” is taken: choose another one.</source>
        <translation>O nome de utilizador «%1» já está em uso: escolha outro.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A name must have 1 to 100 visible characters.</source>
        <translation>Um nome tem de ter de 1 a 100 caracteres visíveis.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The two passwords differ.</source>
        <translation>As duas palavras-passe são diferentes.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 can now sign in with the login %2 and the password you gave, once: at that sign-in they choose their own.</source>
        <translation>%1 pode agora iniciar sessão com o nome de utilizador %2 e a palavra-passe que indicou, uma só vez: nesse início de sessão escolhe a sua própria.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1&apos;s new password is set: they sign in with it once enabled again.</source>
        <translation>A nova palavra-passe de %1 está definida: inicia sessão com ela quando for activado de novo.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 signs in with the new password from now on.</source>
        <translation>%1 inicia sessão com a nova palavra-passe a partir de agora.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Disable %1?</source>
        <translation>Desactivar %1?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Disable %1? They can no longer sign in. The exams they built and assigned stay, and Enable lets them sign in again.</source>
        <translation>Desactivar %1? Deixa de poder iniciar sessão. Os exames que criou e atribuiu ficam, e Reactivar permite-lhe voltar a iniciar sessão.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Disable %1</source>
        <translation>&amp;Desactivar %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is disabled and can no longer sign in.</source>
        <translation>%1 foi desactivado e já não pode iniciar sessão.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 can sign in again.</source>
        <translation>%1 pode voltar a iniciar sessão.</translation>
    </message>
</context>
<context>
    <name>LeaveExamDialog</name>
    <message>
        <location filename="../../ui/drills/leave_exam.py" line="+32"/>
        <source>Leave the exam?</source>
        <translation>Sair do exame?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You have answered %1 of the exam&apos;s %2 items.</source>
        <translation>Respondeu a %1 das %2 perguntas do exame.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The exam is not finished. Leave it now?</source>
        <translation>O exame não está terminado. Sair agora?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Leave it now and take it up later: your answers are kept and it goes on at the next item, with the same items. Hand it in now and the items not answered count as not right.</source>
        <translation>Se sair agora, pode retomá-lo mais tarde: as suas respostas ficam guardadas e o exame continua na pergunta seguinte, com as mesmas perguntas. Se o entregar agora, as perguntas sem resposta contam como erradas.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The mock exam is not finished. End it now?</source>
        <translation>O exame simulado não está terminado. Terminá-lo agora?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The items not answered count as not right.</source>
        <translation>As perguntas sem resposta contam como erradas.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Keep going</source>
        <translation>&amp;Continuar</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Leave, resume later</source>
        <translation>&amp;Sair e retomar mais tarde</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Hand in now</source>
        <translation>&amp;Entregar agora</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;End the mock exam</source>
        <translation>&amp;Terminar o exame simulado</translation>
    </message>
</context>
<context>
    <name>LoginDialog</name>
    <message>
        <location filename="../../ui/instructor/login.py" line="+25"/>
        <source>Instructor views</source>
        <translation>Área do instrutor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The results, exams and reports are for the instructor.</source>
        <translation>Os resultados, os exames e os relatórios são reservados ao instrutor.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>your login; only needed when there are several instructors</source>
        <translation>o seu nome de utilizador; só é preciso quando há vários instrutores</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Instructor:</source>
        <translation>&amp;Instrutor:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Password:</source>
        <translation>&amp;Palavra-passe:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Unlock</source>
        <translation>&amp;Desbloquear</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Wrong password. Failed attempts in a row: %1.</source>
        <translation>Palavra-passe errada. Tentativas falhadas seguidas: %1.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Too many wrong passwords.</source>
        <translation>Demasiadas palavras-passe erradas.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Next attempt possible in %1 s.</source>
        <translation>Nova tentativa possível dentro de %1 s.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next attempt possible in %1 min.</source>
        <translation>Nova tentativa possível dentro de %1 min.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../ui/window/main_window.py" line="+470"/>
        <source>Macau Dealer Trainer</source>
        <translation>Treino de Croupiers de Macau</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Felt</source>
        <translation>Pano</translation>
    </message>
    <message>
        <location line="-178"/>
        <source>On the felt: %1</source>
        <extracomment>The game on show when the window last closed (QSettings): the window opens on it. A screen less high than this (a window&apos;s room, in pixels) is a laptop&apos;s: small thumbnails. Where the window&apos;s size is remembered (see ``ui.kit.geometry``). The felt has been painted for the first time (the start-up work begins). The start-up work after the first paint is done: the records opened (or could not be), their daily backup made or checked, every thumbnail drawn. The chips every felt offers; ``None``: each ruleset&apos;s own set (its drills&apos; chips). What start-up still waits for (``startupFinished`` once empty). The felt sandbox (&quot;What if…&quot;, F8): made when first opened, beside the felt. The lab&apos;s switch is on: the server is reached unverified (said all the time). Shown after a sign-in with a one-time password (``sign_in.ChoosePasswordDialog``).</extracomment>
        <translation>No pano: %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>pays %1 (%2)</source>
        <translation>paga %1 (%2)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>bet %1</source>
        <translation>apostado %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+201"/>
        <source>Opening the records…</source>
        <translation>A abrir os registos…</translation>
    </message>
    <message>
        <location line="-57"/>
        <source>&amp;File</source>
        <translation>&amp;Ficheiro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export the layout…</source>
        <translation>&amp;Exportar o pano…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Go to the &amp;felt</source>
        <translation>Ir para o &amp;pano</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the &amp;game</source>
        <translation>Escolher o &amp;jogo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;What if… (settle the felt)</source>
        <translation>&amp;E se… (liquidar o pano)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gl&amp;ossary…</source>
        <translation>Gl&amp;ossário…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Practice is not recorded: the records open when someone signs in with their own login.</source>
        <translation>A prática não é registada: os registos abrem quando alguém inicia sessão com o seu próprio nome de utilizador.</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+70"/>
        <location line="+21"/>
        <source>Records are not available: %1</source>
        <translation>Os registos não estão disponíveis: %1</translation>
    </message>
    <message>
        <location line="-45"/>
        <source>Tell the instructor</source>
        <translation>Avise o instrutor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The records need the instructor&apos;s attention:</source>
        <translation>Os registos precisam da atenção do instrutor:</translation>
    </message>
    <message>
        <location line="+134"/>
        <location line="+13"/>
        <source>Export the layout</source>
        <translation>Exportar o pano</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Picture (*.png);;Printable page (*.pdf)</source>
        <translation>Imagem (*.png);;Página para imprimir (*.pdf)</translation>
    </message>
</context>
<context>
    <name>MasteryPanel</name>
    <message>
        <location filename="../../ui/instructor/schedules.py" line="+181"/>
        <source>Period:</source>
        <translation>Período:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Trainees against the standards</source>
        <translation>Formandos face aos padrões</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Overdue</source>
        <translation>Em atraso</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Skills: how many trainees master each</source>
        <translation>Competências: quantos formandos dominam cada uma</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+19"/>
        <source>Trainee</source>
        <translation>Formando</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Answers</source>
        <translation>Respostas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right</source>
        <translation>Certas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right and in time</source>
        <translation>Certas e a tempo</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Skill</source>
        <translation>Competência</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>What</source>
        <translation>O quê</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Due</source>
        <translation>Prazo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Done</source>
        <translation>Feito</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Loading…</source>
        <translation>A carregar…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Right and within the target time: %1 of the answers (right: %2)</source>
        <translation>Certas e dentro do tempo-alvo: %1 das respostas (certas: %2)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1 to %2</source>
        <translation>%1 a %2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Plan: %1</source>
        <translation>Plano: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 items</source>
        <translation>%1 de %2 itens</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Exam: %1</source>
        <translation>Exame: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not sat</source>
        <translation>não realizado</translation>
    </message>
</context>
<context>
    <name>MembersDialog</name>
    <message>
        <location filename="../../ui/instructor/groups.py" line="-237"/>
        <source>Trainees of %1</source>
        <translation>Formandos de %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Tick the trainees of %1. A trainee is in one group at a time: one ticked from another group moves here, and their earlier groups stay in the records.</source>
        <translation>Marque os formandos de %1. Um formando está num grupo de cada vez: um marcado de outro grupo passa para este, e os grupos anteriores ficam nos registos.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>(now in %1)</source>
        <translation>(agora em %1)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Find a trainee…</source>
        <translation>Procurar um formando…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>MyTranscript</name>
    <message>
        <location filename="../../ui/trainee/my_transcript.py" line="+48"/>
        <source>Save my &amp;transcript (PDF)…</source>
        <translation>Guardar o meu &amp;histórico (PDF)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Your exam sittings and certifications as a PDF with the centre&apos;s name, as your instructor prints them.</source>
        <translation>As suas provas de exame e certificações num PDF com o nome do centro, tal como o seu instrutor as imprime.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Sign in first: your transcript is yours to save.</source>
        <translation>Inicie sessão primeiro: só pode guardar o seu próprio histórico.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>transcript</source>
        <translation>histórico</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save my transcript</source>
        <translation>Guardar o meu histórico</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Your transcript cannot be read: %1</source>
        <translation>O seu histórico não pode ser lido: %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 cannot be written: %2</source>
        <translation>Não é possível escrever %1: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Your transcript: 1 page written to %1</source>
        <translation>O seu histórico: 1 página escrita em %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Your transcript: %2 pages written to %1</source>
        <translation>O seu histórico: %2 páginas escritas em %1</translation>
    </message>
</context>
<context>
    <name>OrderPicker</name>
    <message>
        <location filename="../../ui/drills/answers.py" line="-104"/>
        <source>Bets on the table</source>
        <translation>Apostas na mesa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your order</source>
        <translation>A sua ordem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo</source>
        <translation>&amp;Anular</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C&amp;lear</source>
        <translation>Li&amp;mpar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Done</source>
        <translation>&amp;Concluído</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click the bets (here or on the felt) in order:</source>
        <translation>Clique nas apostas (aqui ou no pano) pela ordem:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your order:</source>
        <translation>A sua ordem:</translation>
    </message>
</context>
<context>
    <name>PasswordBox</name>
    <message>
        <location filename="../../ui/instructor/people.py" line="+344"/>
        <source>Your password</source>
        <translation>A sua palavra-passe</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Change the password</source>
        <translation>Mudar a palavra-passe</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Current password:</source>
        <translation>Palavra-passe actual:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New password:</source>
        <translation>Nova palavra-passe:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repeat the new password:</source>
        <translation>Repetir a nova palavra-passe:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The two new passwords differ.</source>
        <translation>As duas novas palavras-passe são diferentes.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The password must have at least %1 characters.</source>
        <translation>A palavra-passe tem de ter pelo menos %1 caracteres.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The password is changed.</source>
        <translation>A palavra-passe foi alterada.</translation>
    </message>
</context>
<context>
    <name>Plans</name>
    <message>
        <location filename="../../ui/kit/standards_words.py" line="+52"/>
        <source>%1 (given to a group)</source>
        <translation>%1 (atribuído a um grupo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (group %2)</source>
        <translation>%1 (grupo %2)</translation>
    </message>
</context>
<context>
    <name>PlansPanel</name>
    <message>
        <location filename="../../ui/instructor/schedules.py" line="+54"/>
        <source>No group: the trainees ticked</source>
        <translation>Nenhum grupo: os formandos marcados</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A plan goes to the group&apos;s trainees of today: one who joins later does not get it.</source>
        <translation>Um plano vai para os formandos que o grupo tem hoje: quem entrar depois não o recebe.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Assign the plan</source>
        <translation>&amp;Atribuir o plano</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>New practice plan</source>
        <translation>Novo plano de prática</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>S&amp;kills:</source>
        <translation>C&amp;ompetências:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Items:</source>
        <translation>&amp;Itens:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Due by:</source>
        <translation>Pra&amp;zo:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Whole group:</source>
        <translation>Grupo inteiro:</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Title:</source>
        <translation>Título:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Game:</source>
        <translation>&amp;Jogo:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Trainees:</source>
        <translation>Formandos:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Plan</source>
        <translation>Plano</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trainee</source>
        <translation>Formando</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Due</source>
        <translation>Prazo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done</source>
        <translation>Feito</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Withdraw…</source>
        <translation>Retirar…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Take the plan chosen below back from its trainee, while it is not done.</source>
        <translation>Retirar ao seu formando o plano escolhido abaixo, enquanto não estiver concluído.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Plans given</source>
        <translation>Planos atribuídos</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>A plan goes to the group&apos;s trainees of today: one who joins the group later does not get it (tick them here and give it again).</source>
        <translation>Um plano vai para os formandos que o grupo tem hoje: quem entrar no grupo mais tarde não o recebe (marque-o aqui e atribua-o de novo).</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Give the plan a title.</source>
        <translation>Dê um título ao plano.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tick at least one skill for the plan.</source>
        <translation>Assinale pelo menos uma competência para o plano.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tick at least one trainee to give the plan to.</source>
        <translation>Assinale pelo menos um formando a quem atribuir o plano.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The due date has passed: choose today or a later day.</source>
        <translation>O prazo já passou: escolha hoje ou um dia posterior.</translation>
    </message>
    <message numerus="yes">
        <location line="+21"/>
        <source>“%1” given to %n trainee(s).</source>
        <translation>
            <numerusform>«%1» atribuído a %n formando.</numerusform>
            <numerusform>«%1» atribuído a %n formandos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>“%1” given to %n trainee(s) of %2.</source>
        <translation>
            <numerusform>«%1» atribuído a %n formando de %2.</numerusform>
            <numerusform>«%1» atribuído a %n formandos de %2.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Choose a plan in the list first.</source>
        <translation>Escolha primeiro um plano na lista.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Withdraw “%1” from %2?</source>
        <translation>Retirar «%1» a %2?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%2 no longer has “%1” to do, and it leaves the overdue list. The answers already given stay in %2&apos;s records, and the audit log keeps that the plan was given and withdrawn. A plan done cannot be withdrawn.</source>
        <translation>%2 deixa de ter «%1» para fazer, e o plano sai da lista de atrasos. As respostas já dadas ficam nos registos de %2, e o registo de auditoria guarda que o plano foi atribuído e retirado. Um plano concluído não pode ser retirado.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Withdraw</source>
        <translation>Retirar</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>“%1” is withdrawn from %2.</source>
        <translation>«%1» foi retirado a %2.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>done</source>
        <translation>concluído</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>overdue</source>
        <translation>em atraso</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>under way</source>
        <translation>em curso</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 of %2 items</source>
        <translation>%1 de %2 itens</translation>
    </message>
</context>
<context>
    <name>Progress</name>
    <message>
        <location filename="../../ui/trainee/progress_entry.py" line="+45"/>
        <source>M&amp;y progress…</source>
        <translation>O meu pro&amp;gresso…</translation>
    </message>
</context>
<context>
    <name>ProgressWindow</name>
    <message>
        <location filename="../../ui/trainee/progress.py" line="+108"/>
        <source>Plan: %1</source>
        <extracomment>Weak skills shown as buttons (the table has them all). The order of the skills table: what needs work first.</extracomment>
        <translation>Plano: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 of %2 items</source>
        <translation>%1 de %2 itens</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Exam: %1</source>
        <translation>Exame: %1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1 items, under way: Start goes on where it stopped</source>
        <translation>%1 itens, em curso: Começar continua onde parou</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 items, opens on %2</source>
        <translation>%1 itens, abre a %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 items, not sat yet</source>
        <translation>%1 itens, ainda não realizado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sat (sitting %1 of %2): waiting for grading since %3</source>
        <translation>feito (prova %1 de %2): à espera de correcção desde %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not passed (sitting %1 of %2): again from %3</source>
        <translation>não aprovado (prova %1 de %2): de novo a partir de %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not passed (sitting %1 of %2): you may sit it again</source>
        <translation>não aprovado (prova %1 de %2): pode voltar a fazê-lo</translation>
    </message>
    <message>
        <location line="+112"/>
        <location line="+85"/>
        <source>My progress</source>
        <translation>O meu progresso</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>Due</source>
        <translation>A fazer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Start</source>
        <translation>&amp;Começar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weak skills (click to practise):</source>
        <translation>Competências fracas (clique para praticar):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>My skills</source>
        <translation>As minhas competências</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Practise this skill</source>
        <translation>&amp;Praticar esta competência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Close</source>
        <translation>&amp;Fechar</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>What</source>
        <translation>O quê</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Due by</source>
        <translation>Prazo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress</source>
        <translation>Progresso</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+14"/>
        <source>Game</source>
        <translation>Jogo</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>Skill</source>
        <translation>Competência</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Right and in time</source>
        <translation>Certas e a tempo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Target time</source>
        <translation>Tempo-alvo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trend</source>
        <translation>Tendência</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Live table</source>
        <translation>Mesa ao vivo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No round dealt at the live table yet (Table, in the drills panel).</source>
        <translation>Ainda nenhuma jogada na mesa ao vivo (Mesa, no painel de treino).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Level</source>
        <translation>Nível</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rounds dealt</source>
        <translation>Jogadas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps right</source>
        <translation>Passos certos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pace (an hour)</source>
        <translation>Ritmo (por hora)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>House&apos;s target</source>
        <translation>Objectivo da casa</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Your records cannot be read: %1</source>
        <translation>Não é possível ler os seus registos: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>My progress · %1</source>
        <translation>O meu progresso · %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Sign in first: your progress is shown once you have signed in (Sign in… on the left).</source>
        <translation>Inicie sessão primeiro: o seu progresso é mostrado depois de iniciar sessão (Iniciar sessão… à esquerda).</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>done</source>
        <translation>concluído</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>overdue</source>
        <translation>em atraso</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>to do</source>
        <translation>por fazer</translation>
    </message>
    <message>
        <location line="+127"/>
        <source>Choose a skill in the table first.</source>
        <translation>Escolha primeiro uma competência na tabela.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a plan or an exam in the list first.</source>
        <translation>Escolha primeiro um plano ou um exame na lista.</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>This exam can no longer be sat.</source>
        <translation>Este exame já não pode ser realizado.</translation>
    </message>
</context>
<context>
    <name>RecordsCheck</name>
    <message>
        <location filename="../../ui/instructor/records_check.py" line="+43"/>
        <source>signed in</source>
        <translation>iniciou sessão</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed to sign in</source>
        <translation>falhou o início de sessão</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tried to sign in during the wait after wrong passwords</source>
        <translation>tentou iniciar sessão durante a espera após palavras-passe erradas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>added a person</source>
        <translation>acrescentou uma pessoa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>archived a trainee</source>
        <translation>arquivou um formando</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>restored a trainee</source>
        <translation>repôs um formando</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>renamed a trainee</source>
        <translation>mudou o nome de um formando</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set a password</source>
        <translation>definiu uma palavra-passe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>built an exam</source>
        <translation>criou um exame</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>assigned an exam</source>
        <translation>atribuiu um exame</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>withdrew an exam not yet sat</source>
        <translation>retirou um exame ainda não feito</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>started an exam</source>
        <translation>começou um exame</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>verified the records</source>
        <translation>verificou os registos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set a staff number</source>
        <translation>definiu um n.º de funcionário</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>disabled an instructor</source>
        <translation>desactivou um instrutor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>enabled an instructor</source>
        <translation>reactivou um instrutor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>created a group</source>
        <translation>criou um grupo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>renamed or re-dated a group</source>
        <translation>mudou o nome ou a data de um grupo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>archived a group</source>
        <translation>arquivou um grupo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>restored a group</source>
        <translation>restaurou um grupo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set a group&apos;s instructors</source>
        <translation>definiu os instrutores de um grupo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>moved a trainee between groups</source>
        <translation>mudou um formando de grupo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>changed the centre&apos;s settings</source>
        <translation>alterou as definições do centro</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>set a speed standard</source>
        <translation>definiu um padrão de tempo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set the mastery rule</source>
        <translation>definiu a regra de domínio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>assigned a practice plan</source>
        <translation>atribuiu um plano de prática</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>withdrew a practice plan</source>
        <translation>retirou um plano de prática</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>did something this version does not know</source>
        <translation>fez algo que esta versão não conhece</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The dashboard&apos;s typical time for %1 on %2 does not match the recorded answers.</source>
        <translation>O tempo típico do painel para %1 em %2 não corresponde às respostas registadas.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The cohort table&apos;s figures of %3 for %1 on %2 (the typical time, or the answers within the target) do not match the recorded answers.</source>
        <translation>Os números da tabela da turma de %3 para %1 em %2 (o tempo típico, ou as respostas dentro do tempo-alvo) não correspondem às respostas registadas.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The dashboard&apos;s figures for %1 on %2 do not match the recorded answers: they show %3 answers, %4 right; the answers hold %5, %6 right.</source>
        <translation>Os números do painel para %1 em %2 não correspondem às respostas registadas: mostram %3 respostas, %4 certas; as respostas registadas são %5, %6 certas.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The cohort table&apos;s figures of %7 for %1 on %2 do not match the recorded answers: they show %3 answers, %4 right; the answers hold %5, %6 right.</source>
        <translation>Os números da tabela da turma de %7 para %1 em %2 não correspondem às respostas registadas: mostram %3 respostas, %4 certas; as respostas registadas são %5, %6 certas.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>a trainee no longer registered</source>
        <translation>um formando que já não está registado</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>An answer of %1 given on %2 was changed after it was recorded.</source>
        <translation>Uma resposta de %1 dada em %2 foi alterada depois de registada.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An answer of %1 dated %2 was put into the records outside the app.</source>
        <translation>Uma resposta de %1 com data de %2 foi posta nos registos fora da aplicação.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Answers were removed from the records (how many: %3), just before the answer of %1 given on %2.</source>
        <translation>Foram retiradas respostas dos registos (quantas: %3), imediatamente antes da resposta de %1 dada em %2.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>An entry of the audit trail dated %2 was changed.</source>
        <translation>Uma entrada do registo de auditoria com data de %2 foi alterada.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An entry of the audit trail dated %2 was put in outside the app.</source>
        <translation>Uma entrada do registo de auditoria com data de %2 foi posta fora da aplicação.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Entries were removed from the audit trail (how many: %3), just before the one dated %2.</source>
        <translation>Foram retiradas entradas do registo de auditoria (quantas: %3), imediatamente antes da entrada com data de %2.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A protection of the records was removed from the database file: someone worked on the file outside the app.</source>
        <translation>Foi retirada uma protecção dos registos do ficheiro da base de dados: alguém trabalhou no ficheiro fora da aplicação.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The dashboard&apos;s figures were counted again from the %1 recorded answers: they match.</source>
        <translation>Os números do painel foram contados de novo a partir das %1 respostas registadas: correspondem.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>These records are on the training centre&apos;s server, which refuses any change to a recorded answer: there is nothing to verify on this computer.</source>
        <translation>Estes registos estão no servidor do centro de formação, que recusa qualquer alteração a uma resposta registada: não há nada a verificar neste computador.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>But the dashboard&apos;s figures on the server do not match the recorded answers (only the database&apos;s owner can change them): tell IT, and do not rely on those figures until they are checked:</source>
        <translation>Mas os números do painel no servidor não correspondem às respostas registadas (só o proprietário da base de dados os pode alterar): informe a informática e não confie nesses números até serem verificados:</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Nothing was found: the %1 answers and %2 audit entries are as the app recorded them.</source>
        <translation>Nada foi encontrado: as %1 respostas e as %2 entradas de auditoria estão como a aplicação as registou.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The records were worked on outside the app. Keep the file as it is and tell IT; do not rely on these results until they are checked:</source>
        <translation>Os registos foram trabalhados fora da aplicação. Mantenha o ficheiro como está e informe a informática; não confie nestes resultados até serem verificados:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>What this check cannot see: whoever controls this computer&apos;s account controls the file. They can read the app&apos;s program and rewrite the records together with their seals, put back an older copy of the whole file, or remove the latest answers from the end. Exams that count belong on the training centre&apos;s server.</source>
        <translation>O que esta verificação não consegue ver: quem controla a conta deste computador controla o ficheiro. Pode ler o programa da aplicação e reescrever os registos juntamente com os seus selos, repor uma cópia mais antiga de todo o ficheiro ou retirar as últimas respostas do fim. Os exames que contam pertencem ao servidor do centro de formação.</translation>
    </message>
</context>
<context>
    <name>RecordsCheckPanel</name>
    <message>
        <location line="+16"/>
        <source>Ver&amp;ify records</source>
        <translation>Ver&amp;ificar registos</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Verify records looks for answers changed, added or removed outside the app.</source>
        <translation>Verificar registos procura respostas alteradas, acrescentadas ou retiradas fora da aplicação.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>When</source>
        <translation>Quando</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Who</source>
        <translation>Quem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What</source>
        <translation>O quê</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whom or which</source>
        <translation>A quem ou a quê</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Details</source>
        <translation>Pormenores</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Re&amp;fresh the audit trail</source>
        <translation>&amp;Actualizar o registo de auditoria</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Audit trail (newest first)</source>
        <translation>Registo de auditoria (mais recentes primeiro)</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>an exam since removed</source>
        <translation>um exame entretanto removido</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the centre&apos;s settings, version %1</source>
        <translation>as definições do centro, versão %1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>out of every group</source>
        <translation>fora de qualquer grupo</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>back to the drills&apos; target</source>
        <translation>de volta ao alvo dos exercícios</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>mastered from %1 of the last %2 answers, close from %3</source>
        <translation>dominada a partir de %1 das últimas %2 respostas, quase a partir de %3</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>(an unknown login)</source>
        <translation>(um nome de utilizador desconhecido)</translation>
    </message>
</context>
<context>
    <name>RenameDialog</name>
    <message>
        <location filename="../../ui/kit/confirm.py" line="+82"/>
        <source>&amp;Rename</source>
        <extracomment>Where the person corrects a refusal: focused, its text selected (the subclass&apos;s).</extracomment>
        <translation>&amp;Mudar o nome</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>ReportsPanel</name>
    <message>
        <location filename="../../ui/instructor/window.py" line="-470"/>
        <source>Save the PD&amp;F report…</source>
        <translation>Guardar &amp;o relatório PDF…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the &amp;answers as CSV…</source>
        <translation>Guardar &amp;as respostas em CSV…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reports</source>
        <translation>Relatórios</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For:</source>
        <translation>Para:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Period:</source>
        <translation>Período:</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The PDF has the figures, the accuracy and time charts, the skills weakest first and the exams (trainee) or every trainee (cohort). The CSV has one row per answer, with the situation, the expected and the given answer as recorded; amounts stay exact decimal strings.</source>
        <translation>O PDF contém os números, os gráficos da taxa de acerto e do tempo, as competências da mais fraca para a mais forte e os exames (formando) ou todos os formandos (turma). O CSV tem uma linha por resposta, com a situação, a resposta esperada e a resposta dada tal como foram registadas; os montantes ficam como números decimais exactos, em texto.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The cohort (every trainee)</source>
        <translation>A turma (todos os formandos)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group: %1</source>
        <translation>Grupo: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (archived)</source>
        <translation> (arquivado)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>cohort</source>
        <translation>turma</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save the PDF report</source>
        <translation>Guardar o relatório PDF</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>answers</source>
        <translation>respostas</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save the answers</source>
        <translation>Guardar as respostas</translation>
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
        <translation>A escrever %1…</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%2 answer(s) written to %1</source>
        <translation>
            <numerusform>%2 resposta escrita em %1</numerusform>
            <numerusform>%2 respostas escritas em %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n page(s) written to %1</source>
        <translation>
            <numerusform>%n página escrita em %1</numerusform>
            <numerusform>%n páginas escritas em %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SidePanel</name>
    <message>
        <location filename="../../ui/window/sidebar.py" line="+209"/>
        <source>Game</source>
        <translation>Jogo</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>&amp;Game</source>
        <extracomment>The thumbnails on a low screen (a 768-pixel laptop): with the four games, the ruleset, the trainee and the chips, the panel then fits without a scroll bar in every language. The rulesets the picker offers: the app&apos;s, with the house rulesets it was given.</extracomment>
        <translation>&amp;Jogo</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Ruleset</source>
        <translation>Regulamento</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>&amp;Ruleset</source>
        <translation>&amp;Regulamento</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Trainee</source>
        <translation>F&amp;ormando</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>Chips (Ctrl+1 … Ctrl+%n)</source>
        <translation>
            <numerusform>Fichas (Ctrl+1 … Ctrl+%n)</numerusform>
            <numerusform>Fichas (Ctrl+1 … Ctrl+%n)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+1"/>
        <source>Chip of %1</source>
        <translation>Ficha de %1</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>Sig&amp;n in…</source>
        <translation>I&amp;niciar sessão…</translation>
    </message>
    <message>
        <location line="-119"/>
        <source>C&amp;lear the felt</source>
        <translation>&amp;Limpar o pano</translation>
    </message>
    <message>
        <location filename="../../ui/trainee/local_trainee.py" line="+16"/>
        <source>Local trainee</source>
        <translation>Formando local</translation>
    </message>
    <message>
        <location filename="../../ui/window/sidebar.py" line="+118"/>
        <source>Nobody is signed in: practice is not recorded.</source>
        <translation>Ninguém iniciou sessão: a prática não é registada.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sign in</source>
        <translation>Iniciar sessão</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Signed in: %1 (%2)</source>
        <translation>Sessão iniciada: %1 (%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sign &amp;out</source>
        <translation>Termi&amp;nar sessão</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sign out</source>
        <translation>Terminar sessão</translation>
    </message>
    <message>
        <location filename="../../ui/kit/games.py" line="+60"/>
        <source>%1 · house ruleset, version %2</source>
        <translation>%1 · regras da casa, versão %2</translation>
    </message>
    <message>
        <location filename="../../ui/window/sidebar.py" line="-35"/>
        <source>No ruleset of this game is installed.</source>
        <translation>Não está instalado nenhum regulamento deste jogo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Follows: %1</source>
        <translation>Base legal: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>House pay table: the Sic Bo regulation is not on file, so no answer cites an article.</source>
        <translation>Tabela de pagamentos da casa: o regulamento do Cussec não está disponível, por isso nenhuma resposta cita um artigo.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Partial text: only part of the regulation is on file.</source>
        <translation>Texto parcial: só parte do regulamento está disponível.</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <location filename="../../ui/window/sign_in.py" line="+78"/>
        <source>Sign in</source>
        <translation>Iniciar sessão</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sign in with the login and password your instructor gave you. Your answers, exams and mistakes are yours: nobody else at this computer sees them.</source>
        <translation>Inicie sessão com o nome de utilizador e a palavra-passe que o seu instrutor lhe deu. As suas respostas, exames e erros são seus: mais ninguém neste computador os vê.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Login</source>
        <translation>Nome de utilizador</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Password</source>
        <translation>Palavra-passe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Login:</source>
        <translation>&amp;Nome de utilizador:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Password:</source>
        <translation>&amp;Palavra-passe:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Sign in</source>
        <translation>&amp;Iniciar sessão</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Enter your login.</source>
        <translation>Escreva o seu nome de utilizador.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Signing in…</source>
        <translation>A iniciar sessão…</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+19"/>
        <source>The login or the password is wrong.</source>
        <translation>O nome de utilizador ou a palavra-passe está errado.</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Several wrong passwords for this login: wait before trying again.</source>
        <translation>Várias palavras-passe erradas para este nome de utilizador: espere antes de tentar de novo.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No password is set for this login yet: ask your instructor to set one.</source>
        <translation>Ainda não há palavra-passe para este nome de utilizador: peça ao seu instrutor que defina uma.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This account may no longer sign in (a disabled instructor or an archived trainee): ask an instructor of the centre to enable it again.</source>
        <translation>Esta conta já não pode iniciar sessão (um instrutor desactivado ou um formando arquivado): peça a um instrutor do centro que a reactive.</translation>
    </message>
    <message>
        <location line="-72"/>
        <source>You can try again in %1 s.</source>
        <translation>Pode tentar de novo dentro de %1 s.</translation>
    </message>
</context>
<context>
    <name>Standards</name>
    <message>
        <location filename="../../ui/kit/standards_words.py" line="-24"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A skill is mastered when at least %1 of the last %2 answers of it are right and within its target time; close from %3; weak below.</source>
        <translation>Uma competência está dominada quando pelo menos %1 das últimas %2 respostas estão certas e dentro do seu tempo-alvo; quase a partir de %3; fraca abaixo disso.</translation>
    </message>
</context>
<context>
    <name>StandardsPanel</name>
    <message>
        <location filename="../../ui/instructor/standards.py" line="+88"/>
        <source>&amp;Back to the drills&apos; target</source>
        <translation>V&amp;oltar ao alvo dos exercícios</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The chosen skill follows the drills&apos; own target again, as before the centre set one (a new version; the old ones stay).</source>
        <translation>A competência escolhida volta a seguir o alvo dos próprios exercícios, como antes de o centro definir um (uma nova versão; as anteriores ficam).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Target time of the chosen skill</source>
        <translation>Tempo-alvo da competência escolhida</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skill:</source>
        <translation>Competência:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>seconds</source>
        <translation>segundos</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Set the target</source>
        <translation>Def&amp;inir o tempo-alvo</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>T&amp;arget:</source>
        <translation>&amp;Alvo:</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Set the master&amp;y rule</source>
        <translation>Definir a regra de domínio</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Mastery rule</source>
        <translation>Regra de domínio</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Answers looked at (the last):</source>
        <translation>Respostas consideradas (as últimas):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mastered from:</source>
        <translation>Dominada a partir de:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close from:</source>
        <translation>Quase a partir de:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A skill&apos;s target time is the time a trained dealer needs for one item. The dashboard counts an answer right and within the target; the mastery rule and exams&apos; speed pass mark use it. Until the centre sets one, a skill keeps the drills&apos; own target (intermediate level). Every change is kept as a new version, with who made it.</source>
        <translation>O tempo-alvo de uma competência é o tempo de que um croupier formado precisa para um item. O painel conta uma resposta certa e dentro do alvo; a regra de domínio e a nota mínima de rapidez dos exames usam-no. Enquanto o centro não definir um, a competência mantém o alvo dos exercícios (nível intermédio). Cada alteração é guardada como nova versão, com quem a fez.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Game</source>
        <translation>Jogo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skill</source>
        <translation>Competência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drills&apos; target</source>
        <translation>Alvo dos exercícios</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Centre&apos;s target</source>
        <translation>Alvo do centro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set by</source>
        <translation>Definido por</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 on %2 (version %3)</source>
        <translation>%1 em %2 (versão %3)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>as the drills</source>
        <translation>como nos exercícios</translation>
    </message>
    <message>
        <location line="+52"/>
        <location line="+54"/>
        <source>Choose a skill in the table first.</source>
        <translation>Escolha primeiro uma competência na tabela.</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Type the target time in seconds: the drills&apos; own for %1 is %2.</source>
        <translation>Escreva o tempo-alvo em segundos: o dos exercícios para %1 é %2.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>“%1” is not a target time: type the seconds, between %2 and %3, to a tenth of a second at most (for example 6.5).</source>
        <translation>«%1» não é um tempo-alvo: escreva os segundos, entre %2 e %3, no máximo à décima de segundo (por exemplo 6,5).</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The target of %1 is now %2 (version %3).</source>
        <translation>O alvo de %1 é agora %2 (versão %3).</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 already follows the drills&apos; own target (%2).</source>
        <translation>%1 já segue o alvo dos próprios exercícios (%2).</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 follows the drills&apos; own target again: %2 (version %3).</source>
        <translation>%1 volta a seguir o alvo dos próprios exercícios: %2 (versão %3).</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The share that is close to mastery (%1 %) cannot be above the share that masters a skill (%2 %).</source>
        <translation>A percentagem de «quase» (%1 %) não pode ser superior à que domina uma competência (%2 %).</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The mastery rule is set: %1</source>
        <translation>A regra de domínio está definida: %1</translation>
    </message>
</context>
<context>
    <name>SummaryView</name>
    <message>
        <location filename="../../ui/drills/feedback.py" line="+66"/>
        <source>Skill</source>
        <translation>Competência</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Answered</source>
        <translation>Respondidas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Right</source>
        <translation>Certas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Median time</source>
        <translation>Tempo mediano</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Close</source>
        <translation>&amp;Fechar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item by item</source>
        <translation>Pergunta a pergunta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every item of the exam</source>
        <translation>Todas as perguntas do exame</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 of %2 right (%3%)</source>
        <translation>%1 de %2 certas (%3%)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>PASSED — the pass mark is %1%</source>
        <translation>APROVADO — a nota mínima é %1%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NOT PASSED — the pass mark is %1%</source>
        <translation>NÃO APROVADO — a nota mínima é %1%</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Items not answered: %1 (counted as not right).</source>
        <translation>Perguntas sem resposta: %1 (contam como erradas).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This is this computer&apos;s preview: the centre&apos;s server grades the sitting, and its result is the one that counts (your transcript shows it once graded).</source>
        <translation>Isto é a pré-visualização deste computador: o servidor do centro corrige a prova, e o resultado que conta é o dele (o seu histórico mostra-o depois de corrigida).</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Time: %1</source>
        <translation>Tempo: %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>no answer in time</source>
        <translation>sem resposta a tempo</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>a bet that is not on the table</source>
        <translation>uma aposta que não está na mesa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no option chosen</source>
        <translation>nenhuma opção escolhida</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Your answer</source>
        <translation>A sua resposta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Correct answer</source>
        <translation>Resposta certa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Worked solution</source>
        <translation>Resolução</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>⏱ Time was up</source>
        <translation>⏱ Acabou o tempo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✓ Right</source>
        <translation>✓ Certo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✗ Not right</source>
        <translation>✗ Errado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item %1 · %2</source>
        <translation>Pergunta %1 · %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Basis: %1</source>
        <translation>Base: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Article: %1</source>
        <translation>Artigo: %1</translation>
    </message>
</context>
<context>
    <name>TableExam</name>
    <message>
        <location filename="../../ui/table/exam.py" line="+50"/>
        <source>Collect</source>
        <extracomment>The step kinds as the results name them.</extracomment>
        <translation>Recolher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay, return, move</source>
        <translation>Pagar, devolver, deslocar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Marker</source>
        <translation>Indicador</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Order</source>
        <translation>Ordem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deal</source>
        <translation>Distribuição</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Irregularities</source>
        <translation>Irregularidades</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 of %2 (%3)</source>
        <translation>%1 de %2 (%3)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Table exam</source>
        <translation>Exame na mesa</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No verdict is shown while you deal: every step is recorded and judged, each round ends when you declare it settled (S), and at the end you see your score and every mistake on the round&apos;s replay.</source>
        <translation>Nenhum veredicto é mostrado enquanto dá as jogadas: cada passo é registado e avaliado, cada jogada termina quando a declara liquidada (S) e, no fim, vê a sua classificação e cada erro na repetição da jogada.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rounds:</source>
        <translation>Jogadas:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pass mark:</source>
        <translation>Nota mínima:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Start the exam</source>
        <translation>Começar o exame</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Passed</source>
        <translation>Aprovado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not passed</source>
        <translation>Não aprovado</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Table exam: %1 · %2 right steps of %3 · pass mark %4 · %5</source>
        <translation>Exame na mesa: %1 · %2 passos certos de %3 · nota mínima %4 · %5</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Steps</source>
        <translation>Passos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right</source>
        <translation>Certos</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rounds (choose one to see its replay):</source>
        <translation>Jogadas (escolha uma para ver a sua repetição):</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Round %1: %2 · mistakes: %3</source>
        <translation>Jogada %1: %2 · erros: %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Round %1: %2 · no mistakes</source>
        <translation>Jogada %1: %2 · sem erros</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table exam results</source>
        <translation>Resultados do exame na mesa</translation>
    </message>
</context>
<context>
    <name>TableIrregular</name>
    <message>
        <location filename="../../rules/caribbean_stud/irregular.py" line="-80"/>
        <source>A card exposed while dealing</source>
        <extracomment>What the felt&apos;s banner says of each (the panel says the rest), in the table&apos;s context.</extracomment>
        <translation>Uma carta exposta durante a distribuição</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A dealer&apos;s card exposed while dealing</source>
        <translation>Uma carta da banca exposta durante a distribuição</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Two cards exposed while dealing</source>
        <translation>Duas cartas expostas durante a distribuição</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A hand dealt to a box without a bet</source>
        <translation>Uma mão dada a uma posição sem aposta</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The shuffling machine fails</source>
        <translation>A máquina de baralhar avaria</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cards dealt the wrong way</source>
        <translation>Cartas dadas de forma errada</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A wrong number of cards</source>
        <translation>Um número errado de cartas</translation>
    </message>
    <message>
        <location filename="../../ui/table/irregular.py" line="+97"/>
        <source>A bet after the bell</source>
        <extracomment>What the felt says of each event (short: the panel says the rest).</extracomment>
        <translation>Uma aposta depois da campainha</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A chip falls into the wheel</source>
        <translation>Uma ficha cai no prato</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Winning chips knocked over</source>
        <translation>Fichas premiadas derrubadas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die off the table</source>
        <translation>Um dado fora da mesa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A cocked die</source>
        <translation>Um dado inclinado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A player asks for odds</source>
        <translation>Um jogador pede aposta adicional</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>The ball is spinning.</source>
        <extracomment>The events that come before the ball rests or the dice are read.</extracomment>
        <translation>A bola está a girar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The dice are not read yet.</source>
        <translation>Os dados ainda não foram lidos.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shooter throws.</source>
        <translation>O lançador lança os dados.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Ruling: %1</source>
        <translation>Decisão: %1</translation>
    </message>
    <message>
        <location line="+136"/>
        <source>Click a choice (a double click rules with it), or pick one with ↑/↓ or its number, then Enter or Rule so.</source>
        <extracomment>The round&apos;s bets by target, to name the bet an irregularity is about (whose it is).</extracomment>
        <translation>Clique numa opção (um duplo clique decide com ela), ou escolha uma com ↑/↓ ou o seu número, e depois Enter ou Decidir assim.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Irregularity: %1</source>
        <translation>Irregularidade: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The bet: %1</source>
        <translation>A aposta: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rule so ↵</source>
        <translation>Decidir assim ↵</translation>
    </message>
    <message>
        <location filename="../../rules/sic_bo/irregular.py" line="-166"/>
        <source>The shaker opened too soon</source>
        <extracomment>The void throws, by the house setting that rules each. What the felt&apos;s banner says of each (the panel says the rest), in the table&apos;s context.</extracomment>
        <translation>O copo aberto cedo demais</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A die leaning in the shaker</source>
        <translation>Um dado encostado no copo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shaker not shaken</source>
        <translation>O copo não agitado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A bet after &quot;no more bets&quot;</source>
        <translation>Uma aposta depois de «não há mais apostas»</translation>
    </message>
</context>
<context>
    <name>TableReplay</name>
    <message>
        <location filename="../../ui/table/replay.py" line="+175"/>
        <source>Missed: %1</source>
        <translation>Em falta: %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The rules of this version judge some steps otherwise than when they were recorded: the verdicts shown are this version&apos;s.</source>
        <translation>As regras desta versão avaliam alguns passos de outro modo do que quando foram registados: os veredictos mostrados são os desta versão.</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Step %1 of %2</source>
        <translation>Passo %1 de %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The table as dealt · steps: %1</source>
        <translation>A mesa como foi dada · passos: %1</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The table as dealt. Forward: → or Enter.</source>
        <translation>A mesa como foi dada. Avançar: → ou Enter.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The right ruling: %1</source>
        <translation>A decisão correcta: %1</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>◀ Back</source>
        <translation>◀ Recuar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forward ▶</source>
        <translation>Avançar ▶</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The table as dealt (Home)</source>
        <translation>A mesa como foi dada (Home)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The last step (End)</source>
        <translation>O último passo (End)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One step back (←)</source>
        <translation>Um passo atrás (←)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One step forward (→ or Enter)</source>
        <translation>Um passo à frente (→ ou Enter)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay of a round</source>
        <translation>Repetição de uma jogada</translation>
    </message>
</context>
<context>
    <name>TableResults</name>
    <message>
        <location filename="../../ui/instructor/table_results.py" line="-490"/>
        <source>Marker</source>
        <extracomment>A step kind, as stored, in words; a kind this version has no words for is &quot;other steps&quot;.</extracomment>
        <translation>Indicador</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collect</source>
        <translation>Recolher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay</source>
        <translation>Pagar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return</source>
        <translation>Devolver</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move</source>
        <translation>Deslocar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progressive</source>
        <translation>Progressivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deal</source>
        <translation>Distribuir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Irregularity</source>
        <translation>Irregularidade</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Order</source>
        <translation>Ordem</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other steps</source>
        <translation>Outros passos</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>below the target</source>
        <extracomment>Where a pace stands against its target.</extracomment>
        <translation>abaixo do objectivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>at the target</source>
        <translation>no objectivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>above the target</source>
        <translation>acima do objectivo</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>table procedure</source>
        <translation>procedimento da mesa</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Another game</source>
        <translation>Outro jogo</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>Table rounds · %1</source>
        <translation>Jogadas na mesa · %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <location line="+132"/>
        <location line="+168"/>
        <source>Loading…</source>
        <translation>A carregar…</translation>
    </message>
    <message>
        <location line="-151"/>
        <source>%1 to %2</source>
        <translation>%1 a %2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Trainee</source>
        <translation>Formando</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+170"/>
        <source>Rounds</source>
        <translation>Jogadas</translation>
    </message>
    <message>
        <location line="-169"/>
        <source>Time per round</source>
        <translation>Tempo por jogada</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Most common mistakes</source>
        <translation>Erros mais frequentes</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>The cohort</source>
        <translation>A turma</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A trainee no longer listed</source>
        <translation>Um formando que já não consta da lista</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No rounds at the live table in this period.</source>
        <translation>Sem jogadas na mesa neste período.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The cohort: %1 rounds by %2 trainees · time per round %3 · %4</source>
        <translation>A turma: %1 jogadas de %2 formandos · tempo por jogada %3 · %4</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Choose a trainee&apos;s row to see their rounds.</source>
        <translation>Escolha a linha de um formando para ver as suas jogadas.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Results at the live table (Enter or double-click: a trainee&apos;s rounds)</source>
        <translation>Resultados na mesa (Enter ou duplo clique: as jogadas de um formando)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Rounds and replays ↵</source>
        <translation>Jogadas e repetições ↵</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The chosen trainee&apos;s rounds, each with its replay step by step on the felt</source>
        <translation>As jogadas do formando escolhido, cada uma com a sua repetição passo a passo no pano</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Pace against the house&apos;s target</source>
        <translation>Ritmo face ao objectivo da casa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mistakes, the most common first</source>
        <translation>Erros, do mais frequente para o menos</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Game</source>
        <translation>Jogo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Level</source>
        <translation>Nível</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>An hour</source>
        <translation>Por hora</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Target</source>
        <translation>Objectivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pace</source>
        <translation>Ritmo</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Mistake</source>
        <translation>Erro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Times</source>
        <translation>Vezes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Articles</source>
        <translation>Artigos</translation>
    </message>
</context>
<context>
    <name>TableRounds</name>
    <message>
        <location filename="../../ui/instructor/table_rounds.py" line="+49"/>
        <source>Practice</source>
        <translation>Prática</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exam</source>
        <translation>Exame</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>wrong amount</source>
        <extracomment>The judge&apos;s mistake codes as the instructor reads them (never the code itself).</extracomment>
        <translation>montante errado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>out of turn</source>
        <translation>fora da vez</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>paid before collecting</source>
        <translation>pagou antes de recolher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a loser paid</source>
        <translation>pagou uma aposta perdedora</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a winner collected</source>
        <translation>recolheu uma aposta vencedora</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a stake collected</source>
        <translation>recolheu uma parada que fica</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a wrong action</source>
        <translation>uma acção errada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>settled twice</source>
        <translation>liquidada duas vezes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an undecided bet settled</source>
        <translation>liquidou uma aposta ainda não decidida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a step not needed</source>
        <translation>um passo desnecessário</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a bet not on the table</source>
        <translation>uma aposta que não está na mesa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>marker on the wrong number</source>
        <translation>indicador no número errado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>moved to the wrong point</source>
        <translation>deslocada para o ponto errado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>two players paid together</source>
        <translation>dois jogadores pagos em conjunto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a step missed</source>
        <translation>um passo em falta</translation>
    </message>
    <message>
        <location filename="../../ui/instructor/table_results.py" line="-494"/>
        <location filename="../../ui/instructor/table_rounds.py" line="+5"/>
        <source>another mistake</source>
        <translation>outro erro</translation>
    </message>
    <message>
        <location filename="../../ui/instructor/table_rounds.py" line="+107"/>
        <source>Rounds this version cannot replay: %1.</source>
        <extracomment>The rounds the drill-down reads of a trainee: the newest (each is played again to show it).</extracomment>
        <translation>Jogadas que esta versão não consegue repetir: %1.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No rounds at the live table yet.</source>
        <translation>Ainda sem jogadas na mesa.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Rounds: %1 · time per round %2 · most common mistakes: %3</source>
        <translation>Jogadas: %1 · tempo por jogada %2 · erros mais frequentes: %3</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1, %2: %3 an hour, the target %4</source>
        <translation>%1, %2: %3 por hora, objectivo %4</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>This version cannot replay that round.</source>
        <translation>Esta versão não consegue repetir essa jogada.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Dealt</source>
        <translation>Dada em</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Game</source>
        <translation>Jogo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mode</source>
        <translation>Modo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation>Classificação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mistakes</source>
        <translation>Erros</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What went wrong</source>
        <translation>O que correu mal</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Replay ↵</source>
        <translation>Ver a repetição ↵</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The chosen round, step by step on the felt</source>
        <translation>A jogada escolhida, passo a passo no pano</translation>
    </message>
</context>
<context>
    <name>TraineePasswordDialog</name>
    <message>
        <location filename="../../ui/instructor/roster.py" line="+351"/>
        <source>Set an instructor&apos;s password</source>
        <translation>Definir a palavra-passe de um instrutor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Set a trainee&apos;s password</source>
        <translation>Definir a palavra-passe de um formando</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>New password for %1. Tell it to them in person; they sign in with it once and then choose their own (the old one no longer works).</source>
        <translation>Nova palavra-passe para %1. Diga-lha pessoalmente; inicia sessão com ela uma vez e escolhe então a sua própria (a antiga deixa de funcionar).</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;New password:</source>
        <translation>&amp;Nova palavra-passe:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Repeat it:</source>
        <translation>&amp;Repita-a:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Set the password</source>
        <translation>&amp;Definir a palavra-passe</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The two passwords differ.</source>
        <translation>As duas palavras-passe são diferentes.</translation>
    </message>
</context>
<context>
    <name>TraineeView</name>
    <message>
        <location filename="../../ui/instructor/dashboard.py" line="+196"/>
        <source>Trainee:</source>
        <translation>Formando:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Period:</source>
        <translation>Período:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skill:</source>
        <translation>Competência:</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Exam</source>
        <translation>Exame</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Assigned</source>
        <translation>Atribuído</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Score</source>
        <translation>Pontuação</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>All answers</source>
        <translation>Todas as respostas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wrong answers only</source>
        <translation>Só as respostas erradas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load older answers</source>
        <translation>Carregar respostas mais antigas</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Weakest skills</source>
        <translation>Competências mais fracas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exams</source>
        <translation>Exames</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Progress</source>
        <translation>Progresso</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answers</source>
        <translation>Respostas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table rounds</source>
        <translation>Jogadas na mesa</translation>
    </message>
    <message>
        <location line="+33"/>
        <source> (archived)</source>
        <translation> (arquivado)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Loading…</source>
        <translation>A carregar…</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1 to %2</source>
        <translation>%1 a %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>waiting for grading since %1</source>
        <translation>à espera de correcção desde %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not taken yet</source>
        <translation>ainda não realizado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>passed</source>
        <translation>aprovado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>reprovado</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1/%2 (%3)</source>
        <translation>%1/%2 (%3)</translation>
    </message>
</context>
<context>
    <name>TraineesPanel</name>
    <message>
        <location filename="../../ui/instructor/people.py" line="-337"/>
        <source>New trainee&apos;s full name</source>
        <extracomment>The table&apos;s columns (staff number and group: issue 15).</extracomment>
        <translation>Nome completo do novo formando</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Login (made from the name if empty)</source>
        <translation>Nome de utilizador (feito a partir do nome se ficar vazio)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+20"/>
        <source>Login</source>
        <translation>Nome de utilizador</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>Password (at least %1 characters)</source>
        <translation>Palavra-passe (pelo menos %1 caracteres)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Password</source>
        <translation>Palavra-passe</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Staff number (optional)</source>
        <translation>N.º de funcionário (opcional)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Staff number</source>
        <translation>N.º de funcionário</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Add trainee</source>
        <translation>&amp;Adicionar formando</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff no.</source>
        <translation>N.º func.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Group</source>
        <translation>Grupo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile created</source>
        <translation>Perfil criado em</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Set the pass&amp;word…</source>
        <translation>Def&amp;inir a palavra-passe…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>An archived trainee can no longer sign in; their answers and exams stay in the records and in the reports.</source>
        <translation>Um formando arquivado deixa de poder iniciar sessão; as suas respostas e exames ficam nos registos e nos relatórios.</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>The staff number %1 is %2&apos;s: each trainee has their own.</source>
        <translation>O n.º de funcionário %1 é de %2: cada formando tem o seu.</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>%1 signs in with the new password from now on.</source>
        <translation>%1 inicia sessão com a nova palavra-passe a partir de agora.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Rename %1</source>
        <translation>Mudar o nome de %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>New name for %1 (their answers, exams and login stay theirs):</source>
        <translation>Novo nome de %1 (as respostas, os exames e o nome de utilizador continuam a ser seus):</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Staff number of %1</source>
        <translation>N.º de funcionário de %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff number of %1 (empty: none):</source>
        <translation>N.º de funcionário de %1 (vazio: nenhum):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>%1&apos;s staff number is now %2.</source>
        <translation>O n.º de funcionário de %1 é agora %2.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 has no staff number now.</source>
        <translation>%1 já não tem n.º de funcionário.</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Restore</source>
        <translation>Restaurar</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Archive %1?</source>
        <translation>Arquivar %1?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Archive %1? They can no longer sign in. Their answers, exams and reports stay, and Restore brings them back.</source>
        <translation>Arquivar %1? Deixa de poder iniciar sessão. As respostas, os exames e os relatórios ficam, e Restaurar devolve-lhe o acesso.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Archive %1</source>
        <translation>&amp;Arquivar %1</translation>
    </message>
    <message>
        <location filename="../../ui/instructor/roster.py" line="-65"/>
        <source>The password must have at least %1 characters.</source>
        <translation>A palavra-passe deve ter pelo menos %1 caracteres.</translation>
    </message>
    <message>
        <location filename="../../ui/instructor/people.py" line="+11"/>
        <source>A staff number has up to 32 letters (a to z), digits, “-”, “/”, “.” or “_”, and starts with a letter or a digit.</source>
        <translation>Um n.º de funcionário tem até 32 letras (a a z), algarismos, “-”, “/”, “.” ou “_”, e começa por uma letra ou um algarismo.</translation>
    </message>
    <message>
        <location filename="../../ui/instructor/roster.py" line="+8"/>
        <source>A login starts with a letter (a to z) and has only letters a to z, digits, “_”, “.” and “-”, at most 63 characters.</source>
        <translation>Um nome de utilizador começa por uma letra (a a z) e tem apenas letras de a a z, algarismos, “_”, “.” e “-”, no máximo 63 caracteres.</translation>
    </message>
    <message>
        <location filename="../../ui/instructor/people.py" line="-225"/>
        <source>archived</source>
        <translation>arquivado</translation>
    </message>
    <message>
        <location line="-35"/>
        <location line="+228"/>
        <source>Arch&amp;ive</source>
        <translation>Ar&amp;quivar</translation>
    </message>
    <message>
        <location line="-227"/>
        <source>Rename…</source>
        <translation>Mudar o nome…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sta&amp;ff number…</source>
        <translation>N.º de funci&amp;onário…</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>active</source>
        <translation>activo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>same name as another profile: rename one</source>
        <translation>mesmo nome que outro perfil: mude o nome de um deles</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no password yet: set one</source>
        <translation>ainda sem palavra-passe: defina uma</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>A trainee named “%1” is already registered.</source>
        <translation>Já está registado um formando chamado «%1».</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“%1” is the name of the registered trainee “%2”: names that differ only in capitals, letter width, spaces or invisible characters are one name. If this is another person, add what tells them apart (a second name).</source>
        <translation>«%1» é o nome do formando registado «%2»: nomes que só diferem em maiúsculas, largura das letras, espaços ou caracteres invisíveis são o mesmo nome. Se for outra pessoa, acrescente o que as distingue (outro nome).</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The login “%1” is taken: choose another one.</source>
        <translation>O nome de utilizador «%1» já está em uso: escolha outro.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A name must have 1 to 100 visible characters.</source>
        <translation>Um nome tem de ter de 1 a 100 caracteres visíveis.</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 can now sign in with the login %2 and the password you gave, once: at that sign-in they choose their own.</source>
        <translation>%1 pode agora iniciar sessão com o nome de utilizador %2 e a palavra-passe que indicou, uma só vez: nesse início de sessão escolhe a sua própria.</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>%1 is now %2; their answers stay theirs.</source>
        <translation>%1 passa a chamar-se %2; as suas respostas continuam a ser suas.</translation>
    </message>
</context>
<context>
    <name>TrendPane</name>
    <message>
        <location filename="../../ui/instructor/dashboard.py" line="-501"/>
        <source>%1 answers · %2 correct · typical time %3</source>
        <translation>%1 respostas · %2 certas · tempo típico %3</translation>
    </message>
</context>
<context>
    <name>TrendPlots</name>
    <message>
        <location filename="../../ui/instructor/plots.py" line="+99"/>
        <source>Accuracy</source>
        <extracomment>The narrowest span of the date axis: with one day of answers the axis still shows dates.</extracomment>
        <translation>Taxa de acerto</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>% correct</source>
        <translation>% de certas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time per answer</source>
        <translation>Tempo por resposta</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>seconds</source>
        <translation>segundos</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>One skill: the median time of each day. All skills: the median of the skills&apos; daily medians, each weighted by its number of answers.</source>
        <translation>Uma competência: o tempo mediano de cada dia. Todas as competências: a mediana das medianas diárias das competências, cada uma ponderada pelo respectivo número de respostas.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No answers in this period.</source>
        <translation>Nenhuma resposta neste período.</translation>
    </message>
</context>
<context>
    <name>UnverifiedWarning</name>
    <message>
        <location filename="../../ui/kit/unverified.py" line="+31"/>
        <source>Lab connection: the server is not verified</source>
        <translation>Ligação de laboratório: o servidor não é verificado</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This workstation does not check that the server it signs in to is the training centre&apos;s (DEALER_TRAINER_LAB_UNVERIFIED_SERVER is on and the server&apos;s URL has no sslmode=verify-full): another machine could pose as the server and see every password and record. For a test lab only, never with real trainees.</source>
        <translation>Este posto de trabalho não verifica que o servidor onde inicia sessão é o do centro de formação (DEALER_TRAINER_LAB_UNVERIFIED_SERVER está ligado e o URL do servidor não tem sslmode=verify-full): outra máquina poderia fazer-se passar pelo servidor e ver todas as palavras-passe e registos. Só para um laboratório de testes, nunca com formandos reais.</translation>
    </message>
</context>
<context>
    <name>Welcome</name>
    <message>
        <location filename="../../ui/trainee/launcher.py" line="+357"/>
        <source>Not recorded: nobody is signed in (this computer&apos;s user is “%1”), so no instructor can follow these answers and nothing is kept. Sign in with the login and password your instructor gave you (Sign in… on the left).</source>
        <translation>Não registado: ninguém iniciou sessão (o utilizador deste computador é «%1»), por isso nenhum instrutor pode acompanhar estas respostas e nada é guardado. Inicie sessão com o nome de utilizador e a palavra-passe que o seu instrutor lhe deu (Iniciar sessão… à esquerda).</translation>
    </message>
</context>
<context>
    <name>WelcomeDialog</name>
    <message>
        <location filename="../../ui/window/welcome.py" line="+61"/>
        <source>Welcome to the Macau Dealer Trainer</source>
        <translation>Bem-vindo ao Formador de Croupiers de Macau</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Instructor:&lt;/b&gt; create your account in &lt;i&gt;Instructor › Instructor views…&lt;/i&gt; (Ctrl+I), with your name and a password.</source>
        <translation>&lt;b&gt;Instrutor:&lt;/b&gt; crie a sua conta em &lt;i&gt;Instrutor › Área do instrutor…&lt;/i&gt; (Ctrl+I), com o seu nome e uma palavra-passe.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Instructor:&lt;/b&gt; your account exists; open &lt;i&gt;Instructor › Instructor views…&lt;/i&gt; (Ctrl+I).</source>
        <translation>&lt;b&gt;Instrutor:&lt;/b&gt; a sua conta já existe; abra &lt;i&gt;Instrutor › Área do instrutor…&lt;/i&gt; (Ctrl+I).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Instructor:&lt;/b&gt; register each trainee by their full name, with a login and a password, in the &lt;i&gt;Trainee profiles&lt;/i&gt; tab. A name is one person: “Ana Lei” and “ana lei” are the same name.</source>
        <translation>&lt;b&gt;Instrutor:&lt;/b&gt; registe cada formando pelo nome completo, com um nome de utilizador e uma palavra-passe, no separador &lt;i&gt;Perfis&lt;/i&gt;. Um nome é uma pessoa: «Ana Lei» e «ana lei» são o mesmo nome.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Trainee:&lt;/b&gt; sign in with your login and password (&lt;i&gt;Sign in…&lt;/i&gt; on the left), then start a drill (&lt;i&gt;Drills&lt;/i&gt; menu). Every answer is recorded for you and your instructor.</source>
        <translation>&lt;b&gt;Formando:&lt;/b&gt; inicie sessão com o seu nome de utilizador e palavra-passe (&lt;i&gt;Iniciar sessão…&lt;/i&gt; à esquerda) e depois comece um treino (menu &lt;i&gt;Treino&lt;/i&gt;). Cada resposta é registada para si e para o seu instrutor.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This training room is not set up yet.</source>
        <translation>Esta sala de formação ainda não está configurada.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No trainee is registered yet.</source>
        <translation>Ainda não há formandos registados.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Until then anyone may practise under this computer&apos;s login name (%1). Those answers are not recorded: the name is not a registered trainee, so they belong to nobody an instructor can follow.</source>
        <translation>Até lá, qualquer pessoa pode treinar com o nome de utilizador deste computador (%1). Essas respostas não são registadas: o nome não é de um formando registado, por isso não pertencem a ninguém que um instrutor possa acompanhar.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Start practising</source>
        <translation>&amp;Começar a treinar</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Create the instructor account…</source>
        <translation>&amp;Criar a conta do instrutor…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the &amp;instructor views…</source>
        <translation>Abrir a área do &amp;instrutor…</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <location filename="../../app.py" line="+224"/>
        <source>Macau Dealer Trainer</source>
        <translation>Treino de Croupiers de Macau</translation>
    </message>
</context>
<context>
    <name>bets</name>
    <message>
        <location filename="../../ui/kit/bet_names.py" line="+49"/>
        <source>%1 to 1</source>
        <translation>%1 para 1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 to %2</source>
        <translation>%1 para %2</translation>
    </message>
</context>
<context>
    <name>certificates</name>
    <message>
        <location filename="../../reports/certificates.py" line="+77"/>
        <source>Transcript: %1</source>
        <translation>Histórico: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Made on %1 by %2</source>
        <translation>Emitido em %1 por %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Exam sittings</source>
        <translation>Provas de exame</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>not finished</source>
        <translation>não terminada</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+4"/>
        <source>passed</source>
        <translation>aprovado</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>waiting for grading</source>
        <translation>à espera de correcção</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not passed</source>
        <translation>não aprovado</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (sitting %2)</source>
        <translation>%1 (prova %2)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Exam</source>
        <translation>Exame</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Date</source>
        <translation>Data</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../reports/pdf.py" line="+783"/>
        <source>Score</source>
        <translation>Pontuação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pass mark</source>
        <translation>Mínimo</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../reports/pdf.py" line="+1"/>
        <source>In time</source>
        <translation>A tempo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed mark</source>
        <translation>Mín. rapidez</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>An exam with live-table rounds: the score counts each item as one step and each round as the steps it was judged on; in time counts the items right within their target and the rounds dealt without a mistake within the house&apos;s pace, over the items and the rounds.</source>
        <translation>Um exame com rondas na mesa ao vivo: a nota conta cada pergunta como um passo e cada ronda como os passos em que foi avaliada; a tempo conta as perguntas certas dentro do tempo-alvo e as rondas feitas sem erro dentro do ritmo da casa, sobre as perguntas e as rondas.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>In time: the share of the exam&apos;s items answered right within the skill&apos;s target time. Speed mark: the share an exam requires in time (empty: none). Time: the time spent on the answers.</source>
        <translation>A tempo: a parte das perguntas do exame respondidas certo dentro do tempo-alvo da competência. Mín. rapidez: a parte que o exame exige a tempo (vazia: nenhuma). Tempo: o tempo gasto nas respostas.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 in time: the exam was built before target times were kept, so nothing in it was timed.</source>
        <translation>%1 a tempo: o exame foi criado antes de se guardarem os tempos-alvo, pelo que nada nele foi cronometrado.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No exam sat.</source>
        <translation>Nenhum exame feito.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 holds no certification yet.</source>
        <translation>%1 ainda não tem nenhuma certificação.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Certificate: %1</source>
        <translation>Certificado: %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Certificate of dealer training</source>
        <translation>Certificado de formação de croupier</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This certifies that</source>
        <translation>Certifica-se que</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>passed the certification exam in</source>
        <translation>foi aprovado(a) no exame de certificação de</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>on %1</source>
        <translation>em %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Score %1 · in time %2</source>
        <translation>Pontuação %1 · a tempo %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Score %1</source>
        <translation>Pontuação %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Valid until %1</source>
        <translation>Válido até %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Instructor: %1</source>
        <translation>Formador: %1</translation>
    </message>
    <message>
        <location filename="../../reports/certification_text.py" line="+69"/>
        <source>%1 (now %2)</source>
        <translation>%1 (agora %2)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>now named %1</source>
        <translation>agora chamado(a) %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>certified as %1</source>
        <translation>certificado(a) como %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Dealer training centre</source>
        <translation>Centro de formação de croupiers</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>valid until %1</source>
        <translation>válida até %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>expired on %1</source>
        <translation>expirou em %1</translation>
    </message>
    <message>
        <location filename="../../reports/pdf.py" line="-11"/>
        <source>Certifications</source>
        <translation>Certificações</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No certification.</source>
        <translation>Nenhuma certificação.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Trainee</source>
        <translation>Formando</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Game</source>
        <translation>Jogo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Passed on</source>
        <translation>Aprovado em</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Approved by</source>
        <translation>Aprovado por</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validity</source>
        <translation>Validade</translation>
    </message>
    <message>
        <location filename="../../reports/exam_parts.py" line="+36"/>
        <source>live table: %1 rounds, %2/%3 steps right, %4 within the pace</source>
        <translation>mesa ao vivo: %1 rondas, %2/%3 passos certos, %4 dentro do ritmo</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Items %1/%2 · %3</source>
        <translation>Perguntas %1/%2 · %3</translation>
    </message>
</context>
<context>
    <name>csv</name>
    <message>
        <location filename="../../reports/csv_export.py" line="+35"/>
        <source>Answer no.</source>
        <extracomment>The columns, in order (English; the header row is written in the instructor&apos;s language).</extracomment>
        <translation>N.º da resposta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trainee</source>
        <translation>Formando</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff no.</source>
        <translation>N.º de funcionário</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exam or practice</source>
        <translation>Exame ou prática</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session no.</source>
        <translation>N.º da sessão</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answered (UTC)</source>
        <translation>Respondida (UTC)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Day</source>
        <translation>Dia</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skill</source>
        <translation>Competência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ruleset</source>
        <translation>Regulamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right</source>
        <translation>Certa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seconds taken</source>
        <translation>Segundos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answer given</source>
        <translation>Resposta dada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right answer</source>
        <translation>Resposta certa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item seed</source>
        <translation>Semente da pergunta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>App version</source>
        <translation>Versão da aplicação</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Exam</source>
        <extracomment>How each kind of session is named in the &quot;Exam or practice&quot; column.</extracomment>
        <translation>Exame</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Practice</source>
        <translation>Prática</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Practice (timed)</source>
        <translation>Prática (cronometrada)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Practice (review)</source>
        <translation>Prática (revisão)</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>yes</source>
        <extracomment>The first characters that make Excel, LibreOffice or Google Sheets read a cell as a formula (OWASP&apos;s list): such a cell is written with a leading apostrophe, as text. Given and expected answer of a stored answer, in words (the UI passes the drill-down&apos;s).</extracomment>
        <translation>sim</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no</source>
        <translation>não</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waiting for grading</source>
        <translation>à espera de correcção</translation>
    </message>
</context>
<context>
    <name>dashboard</name>
    <message>
        <location filename="../../ui/instructor/dashboard.py" line="-125"/>
        <source>Last %1 days</source>
        <extracomment>A cell&apos;s margins beside its text, in pixels (the item&apos;s text margins and some air).</extracomment>
        <translation>Últimos %1 dias</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>All skills</source>
        <translation>Todas as competências</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Skill</source>
        <translation>Competência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answers</source>
        <translation>Respostas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accuracy</source>
        <translation>Taxa de acerto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Typical time</source>
        <translation>Tempo típico</translation>
    </message>
</context>
<context>
    <name>drills</name>
    <message>
        <location filename="../../ui/trainee/launcher.py" line="-583"/>
        <source>Beginner</source>
        <translation>Principiante</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Intermediate</source>
        <translation>Intermédio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Advanced</source>
        <translation>Avançado</translation>
    </message>
    <message>
        <location line="+8"/>
        <location filename="../../ui/trainee/menu.py" line="+31"/>
        <source>&amp;Practise</source>
        <extracomment>Where the launcher keeps the trainee&apos;s last choices (QSettings). Mnemonics chosen not to clash with the main window&apos;s (Alt+F, V, D, I menus; Alt+G, R, T of its side panel).</extracomment>
        <translation>&amp;Praticar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ti&amp;med</source>
        <translation>Cronometra&amp;do</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/trainee/menu.py" line="+2"/>
        <source>&amp;Exam</source>
        <translation>&amp;Exame</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/trainee/menu.py" line="+3"/>
        <source>Ta&amp;ble</source>
        <translation>Mes&amp;a</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Revie&amp;w</source>
        <translation>Revi&amp;são</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>My mista&amp;kes</source>
        <translation>Os me&amp;us erros</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>G&amp;ame</source>
        <extracomment>Where the sessions&apos; rulesets are looked up: the app&apos;s, with the house rulesets (by default the shipped rulesets only). The assigned exam with live-table rounds being sat (``ui.exams.sitting``).</extracomment>
        <translation>Jo&amp;go</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Diffic&amp;ulty</source>
        <translation>Difi&amp;culdade</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xam</source>
        <translation>E&amp;xame</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Mock exam si&amp;ze</source>
        <translation>Taman&amp;ho do exame simulado</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Skills</source>
        <translation>Co&amp;mpetências</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../ui/trainee/menu.py" line="+62"/>
        <source>Drills</source>
        <translation>Treino</translation>
    </message>
    <message>
        <location line="+369"/>
        <source>My mistakes</source>
        <translation>Os meus erros</translation>
    </message>
    <message>
        <location filename="../../ui/drills/screen.py" line="-259"/>
        <source>Drills — %1</source>
        <extracomment>The question panel beside the felt: wide enough for a keypad, never wider than a column. Where a drill window&apos;s size is remembered (see ``ui.kit.geometry``).</extracomment>
        <translation>Treino — %1</translation>
    </message>
    <message>
        <location filename="../../ui/trainee/menu.py" line="-66"/>
        <source>&amp;Timed</source>
        <translation>&amp;Cronometrado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Review</source>
        <translation>&amp;Revisão</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>My &amp;mistakes</source>
        <translation>Os &amp;meus erros</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>&amp;Drills</source>
        <translation>&amp;Treino</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose a &amp;drill…</source>
        <translation>Escolher um e&amp;xercício…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Review my e&amp;xams…</source>
        <translation>Re&amp;ver os meus exames…</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Sign in first to review your exams.</source>
        <translation>Inicie sessão primeiro para rever os seus exames.</translation>
    </message>
    <message>
        <location filename="../../ui/kit/rendering.py" line="-57"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../../ui/drills/screen.py" line="-232"/>
        <source>Practice</source>
        <translation>Prática</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timed</source>
        <translation>Cronometrado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exam</source>
        <translation>Exame</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Review</source>
        <translation>Revisão</translation>
    </message>
    <message>
        <location filename="../../ui/drills/situation.py" line="+76"/>
        <location filename="../../ui/table/stud_deal.py" line="+448"/>
        <source>Dealer</source>
        <translation>Banca</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../ui/table/stud_deal.py" line="+16"/>
        <source>Box %1</source>
        <translation>Posição %1</translation>
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
        <translation>(com o mínimo de fichas: %1)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Collect: %1</source>
        <translation>Recolher: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay: %1</source>
        <translation>Pagar: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (in any order)</source>
        <translation>%1 (por qualquer ordem)</translation>
    </message>
</context>
<context>
    <name>felt</name>
    <message>
        <location filename="../../layouts/craps.py" line="+63"/>
        <source>SIX</source>
        <translation>SEIS</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NINE</source>
        <translation>NOVE</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+1"/>
        <source>7 to 1</source>
        <translation>7 para 1</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>9 to 1</source>
        <translation>9 para 1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>BIG 6 · 7 to 6</source>
        <translation>BIG 6 · 7 para 6</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 8 · 7 to 6</source>
        <translation>BIG 8 · 7 para 6</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 5 · 7 to 5</source>
        <translation>BIG 5 · 7 para 5</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 9 · 7 to 5</source>
        <translation>BIG 9 · 7 para 5</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 4 · 9 to 5</source>
        <translation>BIG 4 · 9 para 5</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 10 · 9 to 5</source>
        <translation>BIG 10 · 9 para 5</translation>
    </message>
    <message>
        <location filename="../../layouts/labels.py" line="+48"/>
        <source>1st 12 · 1–12</source>
        <translation>Pequeno · 1–12</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>2nd 12 · 13–24</source>
        <translation>Médio · 13–24</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>3rd 12 · 25–36</source>
        <translation>Grande · 25–36</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>2 to 1</source>
        <translation>2 para 1</translation>
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
        <translation>PAR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RED</source>
        <translation>ENCARNADO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BLACK</source>
        <translation>PRETO</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../layouts/sic_bo.py" line="-1"/>
        <source>ODD</source>
        <translation>ÍMPAR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>19 – 36</source>
        <translation>19 – 36</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NINE NUMBERS · 3 to 1</source>
        <translation>SECTOR (9 NÚMEROS) · 3 para 1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TWELVE NUMBERS · 2 to 1</source>
        <translation>SECTOR (12 NÚMEROS) · 2 para 1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>WHEEL</source>
        <translation>CILINDRO</translation>
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
        <translation>PAGA O DOBRO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ODDS</source>
        <translation>ADICIONAL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LAY ODDS</source>
        <translation>ADICIONAL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BIG 7 · 4½ to 1</source>
        <translation>BIG 7 · 4½ para 1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ELEVEN · 15 to 1</source>
        <translation>ELEVEN · 15 para 1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ANY CRAPS · 7 to 1</source>
        <translation>ANY CRAPS · 7 para 1</translation>
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
        <translation>GRANDE</translation>
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
        <translation>AUMENTO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JACKPOT</source>
        <translation>JACKPOT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DEALER</source>
        <translation>BANCA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE</source>
        <translation>SABOT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHUFFLER</source>
        <translation>BARALHADORA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CHIP TRAY</source>
        <translation>PORTA-FICHAS</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PROGRESSIVE JACKPOT</source>
        <translation>JACKPOT PROGRESSIVO</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ROYAL FLUSH</source>
        <extracomment>The hands the progressive pays (Art. 10(2)), as its display posts them, highest first.</extracomment>
        <translation>SEQUÊNCIA REAL</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>STRAIGHT FLUSH</source>
        <translation>SEQUÊNCIA DE COR</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>FOUR OF A KIND</source>
        <translation>PÓQUER</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>FULL HOUSE</source>
        <translation>FULL HOUSE</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FLUSH</source>
        <translation>COR</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>BET</source>
        <extracomment>A box&apos;s progressive bet, drawn on its spot (the regulation gives it no amount to show).</extracomment>
        <translation>APOSTA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARIBBEAN STUD POKER</source>
        <translation>CARIBBEAN STUD POKER</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DEALER QUALIFIES WITH ACE-KING OR BETTER</source>
        <translation>A BANCA QUALIFICA-SE COM ÁS-REI OU SUPERIOR</translation>
    </message>
    <message>
        <location filename="../../layouts/sic_bo.py" line="-3"/>
        <source>SIC BO</source>
        <translation>CUSSEC</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHAKER</source>
        <translation>COPO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SMALL</source>
        <translation>PEQUENO</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>LOSES ON ANY TRIPLE</source>
        <translation>PERDE COM QUALQUER TRIPLO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ANY TRIPLE</source>
        <translation>QUALQUER TRIPLO</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>%1 TO %2</source>
        <translation>%1 PARA %2</translation>
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
        <translation>Roleta</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/kit/games.py" line="+1"/>
        <source>Craps</source>
        <translation>Craps</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/kit/games.py" line="+1"/>
        <location line="+32"/>
        <source>Caribbean Stud Poker</source>
        <translation>Caribbean Stud Poker</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/kit/games.py" line="-31"/>
        <source>Sic Bo</source>
        <translation>Cussec</translation>
    </message>
    <message>
        <location filename="../../ui/kit/games.py" line="+3"/>
        <source>Despacho n.º 53/2010 approved a new craps regulation and revoked Portaria n.º 97/85/M (craps-1985). Only part of the 2010 text is on file, so craps-1985 stays the default for graded drills.</source>
        <translation>O Despacho n.º 53/2010 aprovou um novo Regulamento Oficial do CRAPS e revogou a Portaria n.º 97/85/M (craps-1985). Só parte do texto de 2010 está disponível, pelo que craps-1985 continua a ser o regulamento predefinido nos exercícios avaliados.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Roulette (single zero)</source>
        <extracomment>The titles of the regulation&apos;s own rulesets (their TOML ``title``), for translation. A house ruleset&apos;s title is the house&apos;s own words and is shown as written.</extracomment>
        <translation>Roleta (zero único)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Craps (Portaria n.º 97/85/M)</source>
        <translation>Craps (Portaria n.º 97/85/M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Craps line bets (Despacho n.º 53/2010, payout table pending Art. 6)</source>
        <translation>Craps, apostas de linha (Despacho n.º 53/2010; a tabela de pagamentos do artigo 6.º ainda não está disponível)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sic Bo (house pay table)</source>
        <translation>Cussec (tabela de pagamentos da casa)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Baccarat</source>
        <translation>Bacará</translation>
    </message>
</context>
<context>
    <name>instructor</name>
    <message>
        <location filename="../../ui/instructor/menu.py" line="+55"/>
        <source>&amp;Instructor</source>
        <translation>&amp;Instrutor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Instructor views…</source>
        <translation>&amp;Área do instrutor…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Lock the instructor views</source>
        <translation>&amp;Bloquear a área do instrutor</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Instructor views</source>
        <translation>Área do instrutor</translation>
    </message>
</context>
<context>
    <name>reports</name>
    <message>
        <location filename="../../reports/charts.py" line="+88"/>
        <source>No answers in this period.</source>
        <translation>Sem respostas neste período.</translation>
    </message>
    <message>
        <location filename="../../reports/text.py" line="+72"/>
        <location filename="../../ui/drills/answer_words.py" line="-26"/>
        <source>no answer in time</source>
        <translation>sem resposta dentro do tempo</translation>
    </message>
    <message>
        <location filename="../../reports/pdf.py" line="-393"/>
        <source>%1 to %2 · made %3 by %4</source>
        <translation>%1 a %2 · elaborado a %3 por %4</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1 answers on %2 days · %3 correct · typical time %4</source>
        <translation>%1 respostas em %2 dias · %3 certas · tempo típico %4</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Accuracy per day</source>
        <translation>Taxa de acerto por dia</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Typical time per answer, per day</source>
        <translation>Tempo típico por resposta, por dia</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Skills, weakest first</source>
        <translation>Competências, da mais fraca para a mais forte</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Skill</source>
        <translation>Competência</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+209"/>
        <source>Answers</source>
        <translation>Respostas</translation>
    </message>
    <message>
        <location line="-208"/>
        <location line="+209"/>
        <source>Accuracy</source>
        <translation>Taxa de acerto</translation>
    </message>
    <message>
        <location line="-208"/>
        <location line="+209"/>
        <source>Typical time</source>
        <translation>Tempo típico</translation>
    </message>
    <message>
        <location line="-561"/>
        <source>page %1 of %2</source>
        <extracomment>Latin faces for the report text, the first installed is used. Not the app&apos;s CJK fallback: its digits reach the PDF without their text (a report must be searchable); Chinese names still print, Qt falls back per character.</extracomment>
        <translation>página %1 de %2</translation>
    </message>
    <message>
        <location line="+353"/>
        <source>Target time</source>
        <translation>Tempo-alvo</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Target time: what a trained dealer needs for one item of the skill at the intermediate level, the drills&apos; timed target.</source>
        <translation>Tempo-alvo: o tempo de que um croupier formado precisa para uma pergunta da competência no nível intermédio, o alvo do modo cronometrado.</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Training report: %1</source>
        <translation>Relatório de formação: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+173"/>
        <source>Exams</source>
        <translation>Exames</translation>
    </message>
    <message>
        <location line="-168"/>
        <source>not taken yet</source>
        <translation>ainda não realizado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>passed</source>
        <translation>aprovado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>reprovado</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+164"/>
        <source>Exam</source>
        <translation>Exame</translation>
    </message>
    <message>
        <location line="-163"/>
        <source>Assigned</source>
        <translation>Atribuído</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Taken</source>
        <translation>Realizado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation>Pontuação</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+165"/>
        <source>Pass mark</source>
        <translation>Nota mínima</translation>
    </message>
    <message>
        <location line="-164"/>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No exam assigned.</source>
        <translation>Nenhum exame atribuído.</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>Cohort report</source>
        <translation>Relatório da turma</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Group report: %1 (started %2)</source>
        <translation>Relatório do grupo: %1 (início em %2)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Trainees, lowest accuracy first</source>
        <translation>Formandos, da menor para a maior taxa de acerto</translation>
    </message>
    <message>
        <location line="+9"/>
        <source> (archived)</source>
        <translation> (arquivado)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Trainee</source>
        <translation>Formando</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff no.</source>
        <translation>N.º func.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Days</source>
        <translation>Dias</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last active</source>
        <translation>Última actividade</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weakest skill</source>
        <translation>Competência mais fraca</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>No exam set.</source>
        <translation>Nenhum exame marcado.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Set on</source>
        <translation>Marcado em</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Assigned to</source>
        <translation>Atribuído a</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sat it</source>
        <translation>Fizeram-no</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Passed</source>
        <translation>Aprovados</translation>
    </message>
</context>
<context>
    <name>sandbox</name>
    <message>
        <location filename="../../ui/sandbox/panel.py" line="+78"/>
        <source>%1: the odds would win more than the bet they back.</source>
        <extracomment>The panel&apos;s width beside the felt (device-independent pixels). Why the rules core refused a bet, by its code (its own sentence is English and names ids).</extracomment>
        <translation>%1: as odds ganhariam mais do que a aposta que acompanham.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+1"/>
        <source>%1: the odds are over their limit.</source>
        <translation>%1: as odds excedem o seu limite.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: not accepted while no point is on.</source>
        <translation>%1: não é aceite enquanto não houver ponto.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: made before a come-out roll only, and a point is on (an interpretation: the text decides the bet on its first throw and does not say when it may be made).</source>
        <translation>%1: só se faz antes de um primeiro lançamento, e há um ponto (uma interpretação: o texto decide a aposta no seu primeiro lançamento e não diz quando pode ser feita).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: no odds on a come-out roll.</source>
        <translation>%1: não há odds num lançamento de saída.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: a come bet cannot lie on the point&apos;s own number while that point is on (the throw that took it there decided the point).</source>
        <translation>%1: uma aposta come não pode estar no próprio número do ponto enquanto esse ponto está activo (o lançamento que a levou até lá decidiu o ponto).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: there is no bet for these odds to back.</source>
        <translation>%1: não há aposta que estas odds acompanhem.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: a box plays only with an ante on it.</source>
        <translation>%1: uma posição só joga com um ante.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: the raise is exactly twice the ante.</source>
        <translation>%1: o aumento é exactamente o dobro do ante.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: over the table&apos;s maximum for this bet.</source>
        <translation>%1: acima do máximo da mesa para esta aposta.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: under the table&apos;s minimum for this bet.</source>
        <translation>%1: abaixo do mínimo da mesa para esta aposta.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: the house does not offer this bet.</source>
        <translation>%1: a casa não oferece esta aposta.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: the ruleset does not allow this bet.</source>
        <translation>%1: o conjunto de regras não permite esta aposta.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <source>%1: not accepted at this moment of the game.</source>
        <translation>%1: não é aceite neste momento do jogo.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: the rules refuse this bet.</source>
        <translation>%1: as regras recusam esta aposta.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No box has an ante: every box first bets the ante (%1). Place an ante, then settle.</source>
        <extracomment>Why the felt&apos;s bets make no round at all, by the sandbox&apos;s code (%1: the article).</extracomment>
        <translation>Nenhuma posição tem ante: cada posição aposta primeiro o ante (%1). Coloque um ante e depois liquide.</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Choose the winning number: type it, click it on the felt, or spin at random.</source>
        <translation>Escolha o número vencedor: escreva-o, clique nele no pano ou gire ao acaso.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is not a number of this wheel (0 to %2).</source>
        <translation>%1 não é um número desta roda (0 a %2).</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Winning &amp;number:</source>
        <translation>&amp;Número vencedor:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spin at rando&amp;m</source>
        <translation>Girar ao aca&amp;so</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Or click a number on the felt.</source>
        <translation>Ou clique num número do pano.</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Puc&amp;k (point):</source>
        <translation>Mar&amp;cador (ponto):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OFF (come-out roll)</source>
        <translation>OFF (lançamento de saída)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source>Dic&amp;e:</source>
        <translation>Da&amp;dos:</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>T&amp;hrow at random</source>
        <translation>Lançar ao aca&amp;so</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>S&amp;hake at random</source>
        <translation>Agitar ao aca&amp;so</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>The dealer&apos;s hand</source>
        <translation>A mão da banca</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Box %1</source>
        <translation>Posição %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 has %2 cards: five are dealt (e.g. AS KD 7C 5H 2S), or deal at random.</source>
        <translation>%1 tem %2 cartas: distribuem-se cinco (p. ex. AS KD 7C 5H 2S), ou distribua ao acaso.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: %2 is not a card (rank A K Q J T 9 … 2, then suit S H C D).</source>
        <translation>%1: %2 não é uma carta (valor A K Q J T 9 … 2, depois naipe S H C D).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: %2 is dealt twice (also in %3).</source>
        <translation>%1: %2 foi distribuída duas vezes (também em %3).</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>De&amp;aler:</source>
        <translation>B&amp;anca:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Box %1:</source>
        <translation>Posição %1:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;eed:</source>
        <translation>S&amp;emente:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deal at rando&amp;m</source>
        <translation>Distribuir ao aca&amp;so</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Five cards each, rank then suit: AS KD 7C 5H 2S (T is a ten).</source>
        <translation>Cinco cartas cada, valor e depois naipe: AS KD 7C 5H 2S (T é um dez).</translation>
    </message>
    <message>
        <location line="+200"/>
        <source>There are no bets on the felt: place chips, then settle.</source>
        <extracomment>The felt was settled again (the answer on show changed). The answer was taken off the felt: placing bets again.</extracomment>
        <translation>Não há apostas no pano: coloque fichas e depois liquide.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The rules core cannot settle this outcome: choose another.</source>
        <translation>O núcleo de regras não consegue liquidar este resultado: escolha outro.</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>Collected: %1</source>
        <translation>Recolhido: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Paid: %1</source>
        <translation>Pago: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The house&apos;s net: %1</source>
        <translation>Resultado da casa: %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No step: nothing on the felt is decided.</source>
        <translation>Nenhum passo: nada no pano fica decidido.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Step %1 of %2: %3 (%4)</source>
        <translation>Passo %1 de %2: %3 (%4)</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>The ball rests on %1.</source>
        <translation>A bola parou no %1.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the point is %1</source>
        <translation>o ponto é %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a come-out roll</source>
        <translation>um lançamento de saída</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Thrown: %1 = %2, %3.</source>
        <translation>Lançado: %1 = %2, %3.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The dice: %1 (total %2).</source>
        <translation>Os dados: %1 (total %2).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The hands are shown down.</source>
        <translation>As mãos são mostradas.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Not settled:</source>
        <translation>Não liquidadas:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Steps with the same number may be done in any order among themselves.</source>
        <translation>Os passos com o mesmo número podem fazer-se em qualquer ordem entre si.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Interpretation (the order of lines, streets and corners): an order either official text of Art. 5(1) allows is right; the list follows the Portuguese text.</source>
        <translation>Interpretação (a ordem de linhas, transversais e quadrados): está certa uma ordem que qualquer dos textos oficiais do art. 5.º, n.º 1 permita; a lista segue o texto português.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Interpretation (Big bets, Arts. 9 to 11): a Big bet that is not a whole number of blocks (6 units on Big 6 and 8, 5 on the others) is paid by the block as the text says, and the rest 1 to 1.</source>
        <translation>Interpretação (apostas Big, art.os 9.º a 11.º): uma aposta Big que não é um número inteiro de blocos (6 unidades no Big 6 e 8, 5 nos outros) é paga por bloco, como diz o texto, e o resto a 1 para 1.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>House procedure: every losing bet is collected before any is paid; the regulation sets no order of settlement.</source>
        <translation>Procedimento da casa: todas as apostas perdedoras são recolhidas antes de qualquer pagamento; o regulamento não fixa ordem de liquidação.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>House procedure: the decided bets are settled in any order.</source>
        <translation>Procedimento da casa: as apostas decididas liquidam-se em qualquer ordem.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>House pay table: Sic Bo&apos;s regulation is not on file. Losers are collected first (table procedure), then the winners in the house&apos;s order.</source>
        <translation>Tabela de pagamentos da casa: o regulamento do Cussec não está disponível. Recolhem-se primeiro as perdedoras (procedimento de mesa), depois pagam-se as vencedoras na ordem da casa.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Table procedure: the regulation sets no order for the antes and raises; progressive awards come after them, in the order of Art. 10(4).</source>
        <translation>Procedimento de mesa: o regulamento não fixa ordem para os antes e os aumentos; os prémios progressivos vêm depois, na ordem do art. 10.º, n.º 4.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Interpretation (Art. 6(7)): a folded box&apos;s cards are collected unopened with its ante, so it cannot win the progressive.</source>
        <translation>Interpretação (art. 6.º, n.º 7): as cartas de uma posição que desiste são recolhidas fechadas com o ante, pelo que não pode ganhar o prémio progressivo.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A progressive stake has no step of its own: it is not collected or returned by the dealer.</source>
        <translation>A aposta progressiva não tem passo próprio: o croupier não a recolhe nem a devolve.</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Place bets on the felt, choose the outcome, then Settle: the rules core settles every bet and lists the dealer&apos;s steps.</source>
        <translation>Coloque apostas no pano, escolha o resultado e depois Liquidar: o núcleo de regras liquida cada aposta e lista os passos do croupier.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>What if: settle the felt</source>
        <translation>E se: liquidar o pano</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The outcome</source>
        <translation>O resultado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settle</source>
        <translation>&amp;Liquidar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Back to placing bets</source>
        <translation>&amp;Voltar a apostar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The dealer&apos;s ste&amp;ps:</source>
        <translation>Os &amp;passos do croupier:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previo&amp;us step</source>
        <translation>Passo a&amp;nterior</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ne&amp;xt step</source>
        <translation>Passo se&amp;guinte</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>lost: to collect</source>
        <extracomment>What each ring on the felt says (the overlay&apos;s colours and styles).</extracomment>
        <translation>perdeu: a recolher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>won: the payout beside it</source>
        <translation>ganhou: o pagamento ao lado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>returned</source>
        <translation>devolvida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>moves to its come point</source>
        <translation>passa ao seu ponto come</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no decision: stays</source>
        <translation>sem decisão: fica</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not allowed: not settled</source>
        <translation>não permitida: não liquidada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the step chosen</source>
        <translation>o passo escolhido</translation>
    </message>
</context>
<context>
    <name>stage</name>
    <message>
        <location filename="../../ui/drills/stage.py" line="+105"/>
        <source>a bet of a kind this version does not know</source>
        <extracomment>The drill level that made the item, when stored (the chips of its float), else none.</extracomment>
        <translation>uma aposta de um tipo que esta versão não conhece</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 (%2) is not on this felt</source>
        <translation>%1 (%2) não está neste pano</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: %2 cannot be made with the table&apos;s chips</source>
        <translation>%1: não é possível formar %2 com as fichas da mesa</translation>
    </message>
    <message>
        <location line="+73"/>
        <location line="+9"/>
        <source>The recorded situation has no table to draw.</source>
        <translation>A situação registada não tem mesa para desenhar.</translation>
    </message>
</context>
<context>
    <name>storage</name>
    <message>
        <location filename="../../ui/window/app_store.py" line="+134"/>
        <source>Each person signs in with their own login on this training centre&apos;s server: the records open when someone signs in.</source>
        <extracomment>Opens the records as one person: login, password, progress (server mode). ``storage.engine.DB_URL_ENV``, read here without loading storage (SQLAlchemy) at start-up. ``storage.engine.UNVERIFIED_LAB_ENV``, the lab&apos;s switch, read here the same way.</extracomment>
        <translation>Cada pessoa inicia sessão com o seu próprio nome de utilizador no servidor deste centro de formação: os registos abrem quando alguém inicia sessão.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The records are still being opened: try again in a moment.</source>
        <translation>Os registos ainda estão a ser abertos: tente de novo dentro de momentos.</translation>
    </message>
    <message>
        <location line="+166"/>
        <location line="+42"/>
        <source>The records could not be opened: %1</source>
        <extracomment>The house rulesets of ``rulesets`` changed (loaded from the database). What opening is waiting for, in a sentence (a lock held elsewhere). The store is open: screens may use it now. Opening failed: the sentence says why and what to do. The daily backup work after opening is done (``store().problems`` has its outcome). Server mode: the records opened as this ``Person``, who is signed in. Server mode: the sign-in failed; the ``StorageError`` says why (never the password). The rulesets the app knows: the shipped ones, and the house rulesets the records keep (given again whenever they are read); handed to every screen that looks a ruleset up by id. Why a kept house ruleset cannot be used here, one sentence each.</extracomment>
        <translation>Não foi possível abrir os registos: %1</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>The daily backup could not be made: %1</source>
        <translation>Não foi possível fazer a cópia de segurança diária: %1</translation>
    </message>
</context>
<context>
    <name>studdeal</name>
    <message>
        <location filename="../../ui/table/stud_calls.py" line="+24"/>
        <source>Out of order: this card goes to %1. From the shoe: one card at a time to each box with a bet, left to right, the dealer last; from the machine: five at once.</source>
        <translation>Fora de ordem: esta carta vai para %1. Pelo sabot: uma carta de cada vez a cada posição com aposta, da esquerda para a direita, a banca por último; pela máquina: cinco de uma vez.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The first card is dealt: a progressive bet is refused now.</source>
        <translation>A primeira carta já foi dada: agora a aposta progressiva é recusada.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No card is dealt yet: the progressive bet is accepted.</source>
        <translation>Ainda não foi dada nenhuma carta: a aposta progressiva é aceite.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Refuse it: the raise is exactly twice the ante, %2, not %1.</source>
        <translation>Recuse-o: o aumento é exactamente o dobro do ante, %2, não %1.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is exactly twice the ante: the raise is accepted.</source>
        <translation>%1 é exactamente o dobro do ante: o aumento é aceite.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The dealer&apos;s hand %1: it needs at least an ace and a king, or any pair or better (the standard reading of Art. 9(1): an interpretation, a setting of the ruleset).</source>
        <translation>A mão da banca %1: precisa de pelo menos um ás e um rei, ou de qualquer par ou mão superior (a leitura corrente do art. 9.º, n.º 1: uma interpretação, uma definição do conjunto de regras).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not now: %1</source>
        <translation>Agora não: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Box %1 offers a progressive bet.</source>
        <extracomment>What each moment waits for, in words (the prompt, and &quot;not now&quot;).</extracomment>
        <translation>A posição %1 oferece uma aposta progressiva.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deal: click the box the next card goes to, or press its number (0: dealer).</source>
        <translation>Distribua: clique na posição a que vai a próxima carta, ou prima o seu número (0: banca).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Deal from the machine: click the box the next five cards go to, or press its number (0: dealer).</source>
        <translation>Distribua pela máquina: clique na posição a que vão as próximas cinco cartas, ou prima o seu número (0: banca).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The deal stops: rule the irregularity (Art. 11) above.</source>
        <translation>A distribuição para: decida a irregularidade (art. 11.º) acima.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Box %1 raises %2 on an ante of %3.</source>
        <translation>A posição %1 aumenta %2 sobre um ante de %3.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Box %1 folds: collect its cards and its ante (C or Enter).</source>
        <translation>A posição %1 desiste: recolha as cartas e o ante (C ou Enter).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The dealer&apos;s hand is turned: does it qualify? (Q: yes, W: no)</source>
        <translation>A mão da banca está virada: qualifica-se? (Q: sim, W: não)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>box %1&apos;s progressive bet is answered first.</source>
        <translation>primeiro responde-se à aposta progressiva da posição %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the cards are dealt first.</source>
        <translation>primeiro dão-se as cartas.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the irregularity is ruled first.</source>
        <translation>primeiro decide-se a irregularidade.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>box %1&apos;s raise is answered first.</source>
        <translation>primeiro responde-se ao aumento da posição %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>box %1&apos;s fold is collected first.</source>
        <translation>primeiro recolhe-se a desistência da posição %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the dealer&apos;s qualification is called first.</source>
        <translation>primeiro diz-se se a banca se qualifica.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the dealer</source>
        <translation>a banca</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>box %1</source>
        <translation>a posição %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Card to the dealer</source>
        <translation>Carta para a banca</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Card to box %1</source>
        <translation>Carta para a posição %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Progressive bet of box %1 accepted</source>
        <translation>Aposta progressiva da posição %1 aceite</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Progressive bet of box %1 refused</source>
        <translation>Aposta progressiva da posição %1 recusada</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Raise of box %1 accepted</source>
        <translation>Aumento da posição %1 aceite</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Raise of box %1 refused</source>
        <translation>Aumento da posição %1 recusado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The dealer qualifies</source>
        <translation>A banca qualifica-se</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The dealer does not qualify</source>
        <translation>A banca não se qualifica</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>qualifies</source>
        <translation>qualifica-se</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>does not qualify</source>
        <translation>não se qualifica</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the cards are out and the dealer has called.</source>
        <translation>as cartas já foram dadas e a banca já foi anunciada.</translation>
    </message>
    <message>
        <location filename="../../ui/table/stud_deal.py" line="-331"/>
        <source>The round is over.</source>
        <extracomment>The answers in one row: a box each and the dealer while dealing (seven boxes at most).</extracomment>
        <translation>A jogada terminou.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The round is void (Art. 11): return every ante; the progressive bets stay.</source>
        <translation>A jogada é nula (art. 11.º): devolva cada ante; as apostas progressivas ficam.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The showdown: settle each box (Art. 9).</source>
        <translation>O confronto: liquide cada posição (art. 9.º).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The showdown: settle each box (Art. 9), then the progressive awards (Art. 10).</source>
        <translation>O confronto: liquide cada posição (art. 9.º) e depois os prémios progressivos (art. 10.º).</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Box %1 (%1)</source>
        <translation>Posição %1 (%1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dealer (0)</source>
        <translation>Banca (0)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Accept the bet (A)</source>
        <translation>Aceitar a aposta (A)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refuse the bet (X)</source>
        <translation>Recusar a aposta (X)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Accept the raise (A)</source>
        <translation>Aceitar o aumento (A)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refuse the raise (X)</source>
        <translation>Recusar o aumento (X)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Collect the cards and the ante (C)</source>
        <translation>Recolher as cartas e o ante (C)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Qualifies (Q)</source>
        <translation>Qualifica-se (Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Does not qualify (W)</source>
        <translation>Não se qualifica (W)</translation>
    </message>
    <message>
        <location line="+215"/>
        <source>The round is void: the cards are collected.</source>
        <translation>A jogada é nula: as cartas são recolhidas.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No card is dealt yet.</source>
        <translation>Ainda não foi dada nenhuma carta.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cards dealt: %1 of %2</source>
        <translation>Cartas dadas: %1 de %2</translation>
    </message>
</context>
<context>
    <name>table</name>
    <message>
        <location filename="../../ui/table/bets.py" line="+36"/>
        <source>red chips</source>
        <extracomment>The roulette colour chips&apos; names (the engine&apos;s ``COLOURS``).</extracomment>
        <translation>fichas vermelhas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>blue chips</source>
        <translation>fichas azuis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>green chips</source>
        <translation>fichas verdes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>yellow chips</source>
        <translation>fichas amarelas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>purple chips</source>
        <translation>fichas roxas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>orange chips</source>
        <translation>fichas cor de laranja</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>white chips</source>
        <translation>fichas brancas</translation>
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
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>seat %1</source>
        <translation>lugar %1</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>House procedure: the Sic Bo regulation&apos;s articles are not on file.</source>
        <translation>Procedimento da casa: os artigos do regulamento do Cussec não estão disponíveis.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Table procedure, not in the regulation.</source>
        <translation>Procedimento da mesa, não previsto no regulamento.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Marker on %1</source>
        <translation>Indicador no %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collect %1</source>
        <translation>Recolher %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay %1: %2</source>
        <translation>Pagar %1: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return %1</source>
        <translation>Devolver %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move %1 to %2</source>
        <translation>Mover %1 para o %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progressive award, %1: %2</source>
        <translation>Prémio progressivo, %1: %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Round settled</source>
        <translation>Jogada liquidada</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+59"/>
        <source>a bet</source>
        <translation>uma aposta</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>The marker goes on the winning number first.</source>
        <extracomment>What the plan wanted of a bet, said when the trainee did something else to it.</extracomment>
        <translation>Primeiro, o indicador vai para o número vencedor.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 lost: it is collected, not paid.</source>
        <translation>%1 perdeu: é recolhida, não paga.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 won: it is paid, not collected.</source>
        <translation>%1 ganhou: é paga, não recolhida.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is returned to the player.</source>
        <translation>%1 é devolvida ao jogador.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 moves to its come point.</source>
        <translation>%1 passa para o seu ponto.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 wins a progressive award.</source>
        <translation>%1 ganha um prémio progressivo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not yet: collect %3 first; every losing bet is collected before any is paid.</source>
        <translation>Ainda não: recolha primeiro %3; todas as apostas perdedoras são recolhidas antes de se pagar qualquer uma.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Out of turn: %3 comes before %1.</source>
        <translation>Fora da vez: %3 vem antes de %1.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 ties on 12: the tie decides nothing, so it stays where it is, untouched (nothing collected, paid or handed back).</source>
        <extracomment>A Don&apos;t bet that ties on 12 on its first throw (Art. 3(1) «empatando»).</extracomment>
        <translation>%1 empata com o 12: o empate nada decide, por isso fica onde está, intacta (nada se recolhe, paga ou devolve).</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>another bet</source>
        <translation>outra aposta</translation>
    </message>
    <message>
        <location line="-56"/>
        <source>%1 is not paid %2: count the payout again.</source>
        <translation>%1 não é paga %2: conte de novo o pagamento.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is settled already.</source>
        <translation>%1 já está liquidada.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 stays on the table: this throw decides nothing for it.</source>
        <translation>%1 fica na mesa: este lançamento não a decide.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 needs nothing from the dealer now.</source>
        <translation>%1 não precisa agora de nada do croupier.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>That bet is not on the table.</source>
        <translation>Essa aposta não está na mesa.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The marker goes on the winning number.</source>
        <translation>O indicador vai para o número vencedor.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 moves to its come point, the number thrown.</source>
        <translation>%1 passa para o seu ponto, o número lançado.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bets are paid together only when they are one player&apos;s.</source>
        <translation>Só se pagam juntas as apostas de um mesmo jogador.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not finished: %1 is still to settle.</source>
        <translation>Ainda não terminou: falta liquidar %1.</translation>
    </message>
    <message>
        <location line="+26"/>
        <location line="+14"/>
        <source>the marker</source>
        <translation>o indicador</translation>
    </message>
    <message>
        <location line="-4"/>
        <location filename="../../ui/table/stud_calls.py" line="-20"/>
        <source>This step is not right.</source>
        <translation>Este passo não está certo.</translation>
    </message>
    <message>
        <location filename="../../ui/table/screen.py" line="+147"/>
        <source>Table · Practice</source>
        <translation>Mesa · Prática</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table · Timed</source>
        <translation>Mesa · Cronometrado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table · Exam</source>
        <translation>Mesa · Exame</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 spins an hour</source>
        <extracomment>Where the table remembers whether it was last played timed (QSettings). The pace in words, per game: one round of the table is a spin, a throw or a round.</extracomment>
        <translation>%1 lançamentos por hora</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>%1 throws an hour</source>
        <translation>%1 lançamentos de dados por hora</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>%1 rounds an hour</source>
        <translation>%1 jogadas por hora</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Target: %1 spins an hour</source>
        <translation>Objectivo: %1 lançamentos por hora</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>Target: %1 throws an hour</source>
        <translation>Objectivo: %1 lançamentos de dados por hora</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Target: %1 rounds an hour</source>
        <translation>Objectivo: %1 jogadas por hora</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ahead of the target of %1</source>
        <translation>acima do objectivo de %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>at the target of %1</source>
        <translation>no objectivo de %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>behind the target of %1</source>
        <translation>abaixo do objectivo de %1</translation>
    </message>
    <message>
        <location line="+48"/>
        <location line="+3"/>
        <source>Add a chip of %1</source>
        <translation>Juntar uma ficha de %1</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Clear</source>
        <translation>Limpar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Empty the float</source>
        <translation>Esvaziar o float</translation>
    </message>
    <message>
        <location line="+257"/>
        <source>Give up this round?</source>
        <extracomment>An assigned exam&apos;s rounds (``ui.exams.sitting``): no practice before or after, and its sitting shows the results once the last round is over (the screen closes). The question open now (giving up a round not settled), ``None`` when none is. Caribbean Stud: the deal before the showdown (its own module).</extracomment>
        <translation>Abandonar esta jogada?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This round is not settled yet. Give it up and deal the next one?</source>
        <translation>Esta jogada ainda não está liquidada. Abandoná-la e passar à jogada seguinte?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Give up the round</source>
        <translation>&amp;Abandonar a jogada</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Keep dealing</source>
        <translation>&amp;Continuar a jogada</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The steps not done count as missed in the exam&apos;s score.</source>
        <translation>Os passos por fazer contam como falhados na nota do exame.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The steps not done count as missed, and the round counts as given up, not settled: the pace counts its time, not a round.</source>
        <translation>Os passos por fazer contam como falhados, e a jogada conta como abandonada, não como liquidada: o ritmo conta o seu tempo, não uma jogada.</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>The marker</source>
        <translation>O indicador</translation>
    </message>
    <message>
        <location line="+162"/>
        <source>No bet in hand: click a bet or press Tab.</source>
        <translation>Nenhuma aposta em mão: clique numa aposta ou prima Tab.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Paying %1: %2</source>
        <translation>A pagar %1: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>In hand: %1</source>
        <translation>Em mão: %1</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Take a bet in hand first: click it or press Tab.</source>
        <translation>Escolha primeiro uma aposta: clique nela ou prima Tab.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Put the payout in the float first: chips or digits.</source>
        <translation>Forme primeiro o pagamento no float: fichas ou algarismos.</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>The round is settled, but its end was not recorded: %1</source>
        <translation>A jogada está liquidada, mas o seu fim não foi registado: %1</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Round settled. Steps: %1 · mistakes: %2 · time: %3</source>
        <translation>Jogada liquidada. Passos: %1 · erros: %2 · tempo: %3</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+49"/>
        <source>Next round: N or Enter.</source>
        <translation>Jogada seguinte: N ou Enter.</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Round %1 of %2 is over.</source>
        <translation>A jogada %1 de %2 terminou.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The results: N or Enter.</source>
        <translation>Os resultados: N ou Enter.</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>The round&apos;s time</source>
        <translation>O tempo da jogada</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The table&apos;s pace: rounds settled an hour over the rounds&apos; own times; the target is the house&apos;s (a ruleset setting), not the regulation&apos;s.</source>
        <translation>O ritmo da mesa: jogadas liquidadas por hora, contadas sobre o tempo das próprias jogadas; o objectivo é o da casa (uma definição do conjunto de regras), não o do regulamento.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>1 round given up</source>
        <translation>1 jogada abandonada</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 rounds given up</source>
        <translation>%1 jogadas abandonadas</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>This step was not recorded, so it does not count: %1</source>
        <translation>Este passo não foi registado e por isso não conta: %1</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Round %1 of %2</source>
        <translation>Jogada %1 de %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Round %1</source>
        <translation>Jogada %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The ball is in %1.</source>
        <translation>A bola está no %1.</translation>
    </message>
    <message>
        <location filename="../../ui/table/craps_hand.py" line="+24"/>
        <source>Point %1 — throw %2 of this shooter</source>
        <translation>Ponto %1 — %2.º lançamento deste lançador</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Come-out roll — new shooter</source>
        <translation>Lançamento de saída — novo lançador</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Come-out roll — throw %1 of this shooter</source>
        <translation>Lançamento de saída — %1.º lançamento deste lançador</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Seven-out: new shooter.</source>
        <translation>Saiu o sete: novo lançador.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Point made: the puck goes OFF; a come-out roll next.</source>
        <translation>Ponto feito: o marcador do ponto passa a OFF; segue-se um lançamento de saída.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The point is %1: the puck goes ON.</source>
        <translation>O ponto é o %1: o marcador do ponto passa a ON.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The throw: %1 and %2, %3.</source>
        <translation>O lançamento: %1 e %2, %3.</translation>
    </message>
    <message>
        <location filename="../../ui/table/screen.py" line="+10"/>
        <source>The dice: %1, %2 and %3, a total of %4.</source>
        <translation>Os dados: %1, %2 e %3, um total de %4.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Exam…</source>
        <translation>Exame…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sit an exam of rounds: no verdict while you deal, the score and each round&apos;s replay at the end</source>
        <translation>Fazer um exame de jogadas: nenhum veredicto enquanto dá as jogadas; no fim, a classificação e a repetição de cada jogada</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Timed</source>
        <translation>Cronometrado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the round&apos;s time and the table&apos;s pace against the house&apos;s target</source>
        <translation>Mostrar o tempo da jogada e o ritmo da mesa face ao objectivo da casa</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>End</source>
        <translation>Terminar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps</source>
        <translation>Passos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collect (C)</source>
        <translation>Recolher (C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pay ↵</source>
        <translation>Pagar ↵</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return (R)</source>
        <translation>Devolver (R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move to the point (M)</source>
        <translation>Mover para o ponto (M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Place the marker (M)</source>
        <translation>Colocar o indicador (M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progressive award (P)</source>
        <translation>Prémio progressivo (P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Round settled (S)</source>
        <translation>Jogada liquidada (S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next round (N)</source>
        <translation>Jogada seguinte (N)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Tab: next bet · click chips or type the amount, Backspace takes back · Enter or a click on the bet places the payout beside it</source>
        <translation>Tab: aposta seguinte · clique nas fichas ou escreva o montante, Backspace retira · Enter ou um clique na aposta coloca o pagamento ao lado dela</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Live table</source>
        <translation>Mesa ao vivo</translation>
    </message>
    <message>
        <location filename="../../ui/table/still_to_settle.py" line="+160"/>
        <source>The round is over.</source>
        <translation>A jogada terminou.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every bet is dealt with: S declares the round settled.</source>
        <translation>Todas as apostas foram tratadas: S declara a jogada liquidada.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Nothing left to settle: S declares the round settled.</source>
        <translation>Nada mais a liquidar: S declara a jogada liquidada.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not dealt with yet: %1</source>
        <translation>Ainda por tratar: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Still to settle: %1</source>
        <translation>Por liquidar: %1</translation>
    </message>
</context>
</TS>
