-- Lesson: Rummikub Twist's mirror joker (JM) makes its set a mirror, and
-- counts 0 in the initial meld; the sheet's own example, [r2 r3 JM r3 r2].
-- Variant twist (variants/twist.yaml cites the sheets and our reading: the
-- tiles before the mirror and the tile it stands for start a run or a
-- group). The mirror set is 10 points: with the 6s (18) it is 28, which
-- would open if the mirror counted as the 4 it stands for; it does not.
return {
  title = {
    en = "The mirror joker",
    es = "El comodín espejo",
    it = "Il Jolly specchio",
    fr = "Le joker miroir",
  },
  intro = {
    en = [[
The mirror joker, JM, stands in the middle of its set, and the tiles after
it repeat, in reverse, the tiles before it: [r2 r3 JM r3 r2]. The tiles
before it and the tile it stands for (here the 4) are the start of a run
or of a group: [r5 b5 JM b5 r5] is a mirror too. Order matters: each tile
faces its twin across the mirror.

In the initial meld the mirror joker counts 0: [r2 r3 JM r3 r2] is worth
2 + 3 + 3 + 2 = 10 points.

The rules are Rummikub Twist's: 30 points to open.]],
    es = [[
El comodín espejo, JM, va en el centro de su combinación, y las fichas de
después repiten, al revés, las de antes: [r2 r3 JM r3 r2]. Las fichas de
antes y la ficha que representa (aquí el 4) son el comienzo de una
escalera o de un grupo: [r5 b5 JM b5 r5] también es un espejo. El orden
importa: cada ficha mira a su gemela a través del espejo.

En la bajada inicial el comodín espejo vale 0: [r2 r3 JM r3 r2] vale
2 + 3 + 3 + 2 = 10 puntos.

Las reglas son las de Rummikub Twist: 30 puntos para abrir.]],
    it = [[
Il Jolly specchio, JM, sta nel mezzo della sua combinazione, e le tessere
dopo ripetono, al contrario, quelle prima: [r2 r3 JM r3 r2]. Le tessere
prima e la tessera che rappresenta (qui il 4) sono l'inizio di una serie
o di un gruppo: anche [r5 b5 JM b5 r5] è uno specchio. L'ordine conta:
ogni tessera guarda la sua gemella attraverso lo specchio.

Nella prima calata il Jolly specchio vale 0: [r2 r3 JM r3 r2] vale
2 + 3 + 3 + 2 = 10 punti.

Le regole sono quelle di Rummikub Twist: 30 punti per aprire.]],
    fr = [[
Le joker miroir, JM, se place au milieu de sa combinaison, et les plaques
d'après répètent, à l'envers, celles d'avant : [r2 r3 JM r3 r2]. Les
plaques d'avant et la plaque qu'il remplace (ici le 4) sont le début d'une
suite ou d'une série : [r5 b5 JM b5 r5] est aussi un miroir. L'ordre
compte : chaque plaque fait face à sa jumelle de l'autre côté du miroir.

Pour la première pose, le joker miroir compte 0 : [r2 r3 JM r3 r2] vaut
2 + 3 + 3 + 2 = 10 points.

Les règles sont celles de Rummikub Twist : 30 points pour ouvrir.]],
  },
  goal = {
    en = "Open, and lay your mirror set r2 r3 JM r3 r2 in the same play.",
    es = "Abre, y baja tu espejo r2 r3 JM r3 r2 en la misma jugada.",
    it = "Apri, e cala il tuo specchio r2 r3 JM r3 r2 nella stessa giocata.",
    fr = "Ouvre, et pose ton miroir r2 r3 JM r3 r2 dans le même coup.",
  },
  variant = "twist",
  rack = "r2 r3 JM r3 r2 k6 b6 o6 k11 k12 k13",
  racks = {"b1 b2 k9 o12"},
  opened = false,
  hints = {
    {en = "The mirror counts 0: [r2 r3 JM r3 r2] is 10 points, and the 6s only 18.",
     es = "El espejo vale 0: [r2 r3 JM r3 r2] son 10 puntos, y los 6 solo 18.",
     it = "Lo specchio vale 0: [r2 r3 JM r3 r2] fa 10 punti, e i 6 solo 18.",
     fr = "Le miroir compte 0 : [r2 r3 JM r3 r2] fait 10 points, et les 6 seulement 18."},
    {en = "The black run 11-12-13 is 36: [r2 r3 JM r3 r2] [k11 k12 k13].",
     es = "La escalera negra 11-12-13 vale 36: [r2 r3 JM r3 r2] [k11 k12 k13].",
     it = "La serie nera 11-12-13 vale 36: [r2 r3 JM r3 r2] [k11 k12 k13].",
     fr = "La suite noire 11-12-13 vaut 36 : [r2 r3 JM r3 r2] [k11 k12 k13]."},
  },
  place = "r2 r3 JM r3 r2",
  solution = "[r2 r3 JM r3 r2] [k11 k12 k13]",
  shortcuts = {"draw", "[k11 k12 k13]"},
  success = {
    en = [[
The mirror set is 10 points and the black run 36: 46, enough to open. The
mirror joker stood for the 4 between the two halves, and counted nothing.]],
    es = [[
El espejo vale 10 puntos y la escalera negra 36: 46, suficiente para
abrir. El comodín espejo representaba el 4 entre las dos mitades, y no
contó nada.]],
    it = [[
Lo specchio vale 10 punti e la serie nera 36: 46, abbastanza per aprire.
Il Jolly specchio rappresentava il 4 fra le due metà, e non ha contato
nulla.]],
    fr = [[
Le miroir vaut 10 points et la suite noire 36 : 46, assez pour ouvrir. Le
joker miroir remplaçait le 4 entre les deux moitiés, et n'a rien compté.]],
  },
  tries = {
    {play = "[r2 r3 JM r3 r2] [k6 b6 o6]", says = "28"},
    {play = "[r2 r3 JM r2 r3] [k11 k12 k13]", says = "r2 and r3 face each other across the mirror joker"},
  },
}
