-- Lesson: docs/rules.md joker 1 (000 "El Comodín", 003 "Comment placer son joker").
return {
  title = {
    en = "Free a joker: replace it",
    es = "Liberar un comodín: reemplazarlo",
    it = "Liberare un Jolly: sostituirlo",
    fr = "Libérer un joker : le remplacer",
  },
  intro = {
    en = [[
A joker on the table can be won: put the tile it stands for in its place.
In a group of three, a joker may be replaced by either missing colour.
The freed joker must be played again in the same turn, in a new set or
another one; it never goes to your rack.]],
    es = [[
Un comodín de la mesa se puede liberar: pon en su lugar la ficha que
representa. En un grupo de tres, un comodín puede reemplazarse por
cualquiera de los dos colores que faltan. El comodín liberado debe
jugarse otra vez en el mismo turno, en una combinación nueva o en otra;
nunca va a tu soporte.]],
    it = [[
Un Jolly sul tavolo si può prendere: metti al suo posto la tessera
che rappresenta. In un gruppo di tre, un Jolly può essere sostituito da
uno qualsiasi dei due colori mancanti. Con le regole originali il Jolly
liberato va giocato nello stesso turno, in una combinazione nuova o in
un'altra (con le regole italiane puoi tenerlo).]],
    fr = [[
Un joker posé sur la table peut être récupéré : pose à sa place la
plaque qu'il remplace. Dans une série de trois, un joker peut être
remplacé par l'une ou l'autre des couleurs manquantes. Le joker libéré
doit être rejoué dans le même tour, dans une nouvelle combinaison ou
une autre ; il ne va jamais sur ta réglette.]],
  },
  goal = {
    en = "Win the joker and play it with your r12 r13.",
    es = "Libera el comodín y juégalo con tus r12 y r13.",
    it = "Prendi il Jolly e giocalo con le tue r12 e r13.",
    fr = "Récupère le joker et joue-le avec tes r12 et r13.",
  },
  table = "[r3 b3 J]",
  rack = "k3 r12 r13 o9",
  racks = {"k7 k8 b10"},
  opened = true,
  hints = {
    {en = "The joker in [r3 b3 J] stands for a black or an orange 3.",
     es = "El comodín de [r3 b3 J] representa un 3 negro o naranja.",
     it = "Il Jolly in [r3 b3 J] rappresenta un 3 nero o arancione.",
     fr = "Le joker de [r3 b3 J] remplace un 3 noir ou orange."},
    {en = "Put k3 in its place, then use the joker with r12 and r13.",
     es = "Pon k3 en su lugar y usa el comodín con r12 y r13.",
     it = "Metti k3 al suo posto, poi usa il Jolly con r12 e r13.",
     fr = "Pose k3 à sa place, puis utilise le joker avec r12 et r13."},
  },
  place = "k3 r12 r13",
  shortcuts = {"[r3 b3 k3 J]"},
  solution = "[r3 b3 k3] [J r12 r13]",
  success = {
    en = "k3 took the joker's place, and the joker became the r11 of a new run.",
    es = "k3 ocupó el lugar del comodín, y el comodín pasó a ser la r11 de una escalera nueva.",
    it = "k3 ha preso il posto del Jolly, e il Jolly è diventato la r11 di una nuova serie.",
    fr = "k3 a pris la place du joker, et le joker est devenu la r11 d'une nouvelle suite.",
  },
  tries = {
    {play = "[r3 b3 k3]",
     says = "the joker freed from set 1 [r3 b3 J] is not on the table; the original rules say a freed joker must be played the same turn"},
    {play = "[r3 b3 J k3] [r12 r13]", says = "set 2 [r12 r13] is too short"},
  },
}
