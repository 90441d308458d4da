-- Lesson: Rummikub Twist's double joker (JD) stands for two tiles, and
-- counts both in the initial meld; the sheet's own examples, 2-JD-5 (the
-- run 2, 3, 4, 5) and [b3 r3 JD] (a group). Variant twist
-- (variants/twist.yaml cites the sheets). The 6s alone are 18 points:
-- without the double joker's 3 + 4 the run 2-JD-5 would not open.
return {
  title = {
    en = "The double joker",
    es = "El comodín doble",
    it = "Il Jolly doppio",
    fr = "Le joker double",
  },
  intro = {
    en = [[
Rummikub Twist has special jokers beside the two regular ones. The double
joker, JD, stands for two tiles at once. In a run it takes the place of
two numbers in a row: [r2 JD r5] is the run 2, 3, 4, 5. In a group it is
two missing colours: [b3 r3 JD] is a group of four 3s.

A set with a special joker is read as it is written: JD goes where its two
numbers go, so [r2 r5 JD] is no set. In the initial meld the double joker
counts both tiles it stands for: 3 + 4 in [r2 JD r5].

The rules are Rummikub Twist's: 30 points to open.]],
    es = [[
Rummikub Twist tiene comodines especiales además de los dos de siempre. El
comodín doble, JD, representa dos fichas a la vez. En una escalera ocupa
el lugar de dos números seguidos: [r2 JD r5] es la escalera 2, 3, 4, 5. En
un grupo son dos colores que faltan: [b3 r3 JD] es un grupo de cuatro 3.

Una combinación con un comodín especial se lee como está escrita: JD va
donde van sus dos números, así que [r2 r5 JD] no es una combinación. En la
bajada inicial el comodín doble cuenta las dos fichas que representa:
3 + 4 en [r2 JD r5].

Las reglas son las de Rummikub Twist: 30 puntos para abrir.]],
    it = [[
Rummikub Twist ha dei Jolly speciali oltre ai due di sempre. Il Jolly
doppio, JD, rappresenta due tessere insieme. In una serie prende il posto
di due numeri di fila: [r2 JD r5] è la serie 2, 3, 4, 5. In un gruppo sono
due colori mancanti: [b3 r3 JD] è un gruppo di quattro 3.

Una combinazione con un Jolly speciale si legge come è scritta: JD va dove
vanno i suoi due numeri, quindi [r2 r5 JD] non è una combinazione. Nella
prima calata il Jolly doppio conta le due tessere che rappresenta: 3 + 4
in [r2 JD r5].

Le regole sono quelle di Rummikub Twist: 30 punti per aprire.]],
    fr = [[
Rummikub Twist a des jokers spéciaux en plus des deux habituels. Le joker
double, JD, remplace deux plaques à la fois. Dans une suite, il prend la
place de deux nombres qui se suivent : [r2 JD r5] est la suite 2, 3, 4, 5.
Dans une série, ce sont deux couleurs qui manquent : [b3 r3 JD] est une
série de quatre 3.

Une combinaison avec un joker spécial se lit comme elle est écrite : JD va
là où vont ses deux nombres, donc [r2 r5 JD] n'est pas une combinaison.
Pour la première pose, le joker double compte les deux plaques qu'il
remplace : 3 + 4 dans [r2 JD r5].

Les règles sont celles de Rummikub Twist : 30 points pour ouvrir.]],
  },
  goal = {
    en = "Open with the run r2 JD r5 and your three 6s.",
    es = "Abre con la escalera r2 JD r5 y tus tres 6.",
    it = "Apri con la serie r2 JD r5 e i tuoi tre 6.",
    fr = "Ouvre avec la suite r2 JD r5 et tes trois 6.",
  },
  variant = "twist",
  rack = "r2 JD r5 k6 b6 o6 b3 r3",
  racks = {"b1 b2 k9 o12"},
  opened = false,
  hints = {
    {en = "The 6s make a group of 18 points; you need 12 more.",
     es = "Los 6 forman un grupo de 18 puntos; te faltan 12.",
     it = "I 6 fanno un gruppo di 18 punti; te ne mancano 12.",
     fr = "Les 6 font une série de 18 points ; il t'en manque 12."},
    {en = "Put JD between r2 and r5, where 3 and 4 go: [r2 JD r5] [k6 b6 o6].",
     es = "Pon JD entre r2 y r5, donde van el 3 y el 4: [r2 JD r5] [k6 b6 o6].",
     it = "Metti JD fra r2 e r5, dove vanno il 3 e il 4: [r2 JD r5] [k6 b6 o6].",
     fr = "Mets JD entre r2 et r5, là où vont le 3 et le 4 : [r2 JD r5] [k6 b6 o6]."},
  },
  place = "r2 JD r5 k6 b6 o6",
  solution = "[r2 JD r5] [k6 b6 o6]",
  -- The group [b3 r3 JD] opens too (12 + 18 = 30), but leaves the run.
  shortcuts = {"draw", "[b3 r3 JD] [k6 b6 o6]"},
  success = {
    en = [[
The double joker was the 3 and the 4: 2 + 3 + 4 + 5 = 14, and 18 for the
6s, 32 points. Without it, r2 and r5 could not have been a run at all.]],
    es = [[
El comodín doble fue el 3 y el 4: 2 + 3 + 4 + 5 = 14, y 18 de los 6,
32 puntos. Sin él, r2 y r5 no podían formar ninguna escalera.]],
    it = [[
Il Jolly doppio era il 3 e il 4: 2 + 3 + 4 + 5 = 14, e 18 dei 6,
32 punti. Senza di lui, r2 e r5 non potevano formare nessuna serie.]],
    fr = [[
Le joker double était le 3 et le 4 : 2 + 3 + 4 + 5 = 14, et 18 pour les
6, 32 points. Sans lui, r2 et r5 ne pouvaient faire aucune suite.]],
  },
  tries = {
    {play = "[r2 r5 JD] [k6 b6 o6]", says = "r5 is out of place"},
    {play = "[k6 b6 o6 JD]", says = "a double joker counts two"},
    {play = "[r2 JD r5]", says = "14"},
  },
}
