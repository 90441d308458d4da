-- Lesson: docs/rules.md rearrangement 5.
return {
  title = {
    en = "Free several tiles",
    es = "Liberar varias fichas",
    it = "Liberare più tessere",
    fr = "Libérer plusieurs plaques",
  },
  intro = {
    en = [[
Several sets may each give up a tile in the same turn, and the freed
tiles may make a new set together with a tile of your rack.]],
    es = [[
Varias combinaciones pueden ceder cada una una ficha en el mismo turno,
y las fichas liberadas pueden formar juntas una combinación nueva con una
ficha de tu soporte.]],
    it = [[
Più combinazioni possono cedere ciascuna una tessera nello stesso turno,
e le tessere liberate possono formare insieme una nuova combinazione con
una tessera del tuo supporto.]],
    fr = [[
Plusieurs combinaisons peuvent céder chacune une plaque dans le même
tour, et les plaques libérées peuvent former ensemble une nouvelle
combinaison avec une plaque de ta réglette.]],
  },
  goal = {
    en = "Place your b1.",
    es = "Pon tu b1.",
    it = "Metti la tua b1.",
    fr = "Pose ta b1.",
  },
  table = "[o1 o2 o3 o4] [k1 r1 b1 o1]",
  rack = "b1 o5 k13",
  racks = {"r9 r10 o13"},
  opened = true,
  hints = {
    {en = "Your b1 needs two more 1s of other colours.",
     es = "Tu b1 necesita otros dos 1 de otros colores.",
     it = "La tua b1 ha bisogno di altri due 1 di altri colori.",
     fr = "Ta b1 a besoin de deux autres 1 d'autres couleurs."},
    {en = "The run can spare its o1, and the group of four one more tile.",
     es = "La escalera puede ceder su o1, y el grupo de cuatro otra ficha.",
     it = "La serie può cedere la sua o1, e il gruppo di quattro un'altra tessera.",
     fr = "La suite peut céder son o1, et la série de quatre une autre plaque."},
  },
  place = "b1",
  shortcuts = {"[o1 o2 o3 o4 o5] [k1 r1 b1 o1]"},
  solution = "[o2 o3 o4] [k1 b1 o1] [b1 o1 r1]",
  success = {
    en = "The run gave up o1 and the group gave up r1: with your b1 they make a third set.",
    es = "La escalera cedió la o1 y el grupo cedió la r1: con tu b1 forman una tercera combinación.",
    it = "La serie ha ceduto la o1 e il gruppo la r1: con la tua b1 formano una terza combinazione.",
    fr = "La suite a cédé l'o1 et la série la r1 : avec ta b1 elles forment une troisième combinaison.",
  },
  tries = {
    {play = "[o1 o2 o3 o4] [k1 b1 o1] [b1 r1]", says = "set 3 [b1 r1] is too short: a group needs at least 3 tiles"},
    {play = "[o2 o3 o4] [k1 r1 b1 o1 b1] [o1]", says = "b1 appears twice; a group needs different colours"},
  },
}
