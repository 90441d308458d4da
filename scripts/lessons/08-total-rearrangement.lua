-- Lesson: docs/rules.md rearrangement 6.
return {
  title = {
    en = "A total rearrangement",
    es = "Una reorganización total",
    it = "Una riorganizzazione totale",
    fr = "Un réarrangement complet",
  },
  intro = {
    en = [[
You may take the whole table apart and build it again, as long as at
the end of your turn every tile on it is in a valid set and no tile has
gone back to a rack. Three runs can become three groups.]],
    es = [[
Puedes deshacer toda la mesa y volver a armarla, siempre que al final
de tu turno cada ficha esté en una combinación válida y ninguna haya
vuelto a un soporte. Tres escaleras pueden convertirse en tres grupos.]],
    it = [[
Puoi disfare tutto il tavolo e ricostruirlo, purché alla fine del tuo
turno ogni tessera sia in una combinazione valida e nessuna sia tornata
su un supporto. Tre serie possono diventare tre gruppi.]],
    fr = [[
Tu peux défaire toute la table et la reconstruire, à condition qu'à la
fin de ton tour chaque plaque soit dans une combinaison valable et
qu'aucune ne soit revenue sur une réglette. Trois suites peuvent devenir
trois séries.]],
  },
  goal = {
    en = "Place k10 and b5.",
    es = "Pon k10 y b5.",
    it = "Metti k10 e b5.",
    fr = "Pose k10 et b5.",
  },
  table = "[r3 r4 r5] [o3 o4 o5] [k3 k4 k5 k6 k7 k8 k9]",
  rack = "k10 b5 o13",
  racks = {"r11 r12 b2"},
  opened = true,
  hints = {
    {en = "k10 fits at the end of the black run.",
     es = "k10 cabe al final de la escalera negra.",
     it = "k10 va alla fine della serie nera.",
     fr = "k10 va au bout de la suite noire."},
    {en = "b5 needs a group of 5s: where are the other 5s?",
     es = "b5 necesita un grupo de 5: ¿dónde están los otros 5?",
     it = "b5 ha bisogno di un gruppo di 5: dove sono gli altri 5?",
     fr = "b5 a besoin d'une série de 5 : où sont les autres 5 ?"},
    {en = "Cut the runs across: [r3 o3 k3] [r4 o4 k4] [r5 o5 k5 b5].",
     es = "Corta las escaleras a lo ancho: [r3 o3 k3] [r4 o4 k4] [r5 o5 k5 b5].",
     it = "Taglia le serie di traverso: [r3 o3 k3] [r4 o4 k4] [r5 o5 k5 b5].",
     fr = "Coupe les suites en travers : [r3 o3 k3] [r4 o4 k4] [r5 o5 k5 b5]."},
  },
  place = "k10 b5",
  shortcuts = {"[r3 r4 r5] [o3 o4 o5] [k3 k4 k5 k6 k7 k8 k9 k10]"},
  solution = "[r3 o3 k3] [r4 o4 k4] [r5 o5 k5 b5] [k6 k7 k8 k9 k10]",
  success = {
    en = "Three runs became three groups and a longer black run, with room for both tiles.",
    es = "Tres escaleras se convirtieron en tres grupos y una escalera negra más larga, con sitio para las dos fichas.",
    it = "Tre serie sono diventate tre gruppi e una serie nera più lunga, con posto per entrambe le tessere.",
    fr = "Trois suites sont devenues trois séries et une suite noire plus longue, avec de la place pour les deux plaques.",
  },
  tries = {
    {play = "[r3 o3 k3] [r4 o4 k4] [r5 o5 k5 b5] [k6 k7 k8]",
     says = "k9 left the table; a tile on the table stays there, never going back to a rack"},
  },
}
