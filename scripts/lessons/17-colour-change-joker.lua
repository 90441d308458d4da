-- Lesson: Rummikub Twist's colour-change joker (JC) stands for one number
-- of a run whose colour changes across it, and stands only in runs; the
-- sheet's own example, [r3 r4 JC b6 b7]. Variant twist (variants/twist.yaml
-- cites the sheets). The learner has opened, so the lesson is the set, not
-- the points; the group [k5 o5 JC] is the near miss the sheet forbids.
return {
  title = {
    en = "The colour-change joker",
    es = "El comodín de cambio de color",
    it = "Il Jolly cambia colore",
    fr = "Le joker changement de couleur",
  },
  intro = {
    en = [[
The colour-change joker, JC, stands for one number of a run, and the run
changes colour across it: [r3 r4 JC b6 b7] is red 3 and 4, the joker as
the 5, then blue 6 and 7. Each side of it needs a numbered tile to say its
colour, so JC never stands at the end of a run. It stands only in runs:
never in a group.

You have made your initial meld. The rules are Rummikub Twist's.]],
    es = [[
El comodín de cambio de color, JC, representa un número de una escalera,
y la escalera cambia de color en él: [r3 r4 JC b6 b7] es 3 y 4 rojos, el
comodín como el 5, y luego 6 y 7 azules. Cada lado necesita una ficha con
número que diga su color, así que JC nunca va en un extremo de la
escalera. Solo va en escaleras: nunca en un grupo.

Ya hiciste tu bajada inicial. Las reglas son las de Rummikub Twist.]],
    it = [[
Il Jolly cambia colore, JC, rappresenta un numero di una serie, e la
serie cambia colore lì: [r3 r4 JC b6 b7] è 3 e 4 rossi, il Jolly come
il 5, poi 6 e 7 blu. Ogni lato ha bisogno di una tessera numerata che ne
dica il colore, quindi JC non sta mai a un'estremità della serie. Sta solo
nelle serie: mai in un gruppo.

Hai già fatto la tua prima calata. Le regole sono quelle di Rummikub
Twist.]],
    fr = [[
Le joker changement de couleur, JC, remplace un nombre d'une suite, et la
suite change de couleur à cet endroit : [r3 r4 JC b6 b7], c'est le 3 et le
4 rouges, le joker comme le 5, puis le 6 et le 7 bleus. Chaque côté a
besoin d'une plaque numérotée qui dise sa couleur, donc JC n'est jamais au
bout d'une suite. Il ne va que dans une suite : jamais dans une série.

Tu as déjà fait ta première pose. Les règles sont celles de Rummikub
Twist.]],
  },
  goal = {
    en = "Lay r3 r4, your colour-change joker and b6 b7 as one run.",
    es = "Baja r3 r4, tu comodín de cambio de color y b6 b7 en una sola escalera.",
    it = "Cala r3 r4, il tuo Jolly cambia colore e b6 b7 in una sola serie.",
    fr = "Pose r3 r4, ton joker changement de couleur et b6 b7 en une seule suite.",
  },
  variant = "twist",
  table = "[b8 b9 b10]",
  rack = "r3 r4 JC b6 b7 k5 o5",
  racks = {"b1 b2 k9 o12"},
  opened = true,
  hints = {
    {en = "JC is the 5: the red run goes up to it, the blue run starts after it.",
     es = "JC es el 5: la escalera roja sube hasta él, la azul empieza después.",
     it = "JC è il 5: la serie rossa sale fino a lui, quella blu comincia dopo.",
     fr = "JC est le 5 : la suite rouge monte jusqu'à lui, la bleue commence après."},
    {en = "Write it in order: [r3 r4 JC b6 b7], beside [b8 b9 b10].",
     es = "Escríbela en orden: [r3 r4 JC b6 b7], junto a [b8 b9 b10].",
     it = "Scrivila in ordine: [r3 r4 JC b6 b7], accanto a [b8 b9 b10].",
     fr = "Écris-la dans l'ordre : [r3 r4 JC b6 b7], à côté de [b8 b9 b10]."},
  },
  place = "r3 r4 JC b6 b7",
  solution = "[b8 b9 b10] [r3 r4 JC b6 b7]",
  shortcuts = {"draw", "[b6 b7 b8 b9 b10]"},
  success = {
    en = [[
The joker stood for the 5, red on one side and blue on the other: one run
of five tiles, 3 to 7, that changes colour in the middle.]],
    es = [[
El comodín representó el 5, rojo de un lado y azul del otro: una sola
escalera de cinco fichas, del 3 al 7, que cambia de color en el centro.]],
    it = [[
Il Jolly ha rappresentato il 5, rosso da un lato e blu dall'altro: una
sola serie di cinque tessere, dal 3 al 7, che cambia colore nel mezzo.]],
    fr = [[
Le joker a remplacé le 5, rouge d'un côté et bleu de l'autre : une seule
suite de cinq plaques, du 3 au 7, qui change de couleur au milieu.]],
  },
  tries = {
    {play = "[b8 b9 b10] [k5 o5 JC]", says = "a colour-change joker stands only in a run"},
    {play = "[b8 b9 b10] [r3 r4 JC]", says = "never at its end"},
  },
}
