-- Lesson: docs/rules.md rearrangement 1 (000 "Interacción con la mesa",
-- 003 "Recombinaisons").
return {
  title = {
    en = "Add to sets",
    es = "Añadir a las combinaciones",
    it = "Aggiungere alle combinazioni",
    fr = "Compléter les combinaisons",
  },
  intro = {
    en = [[
Once you have made your initial meld, the sets on the table belong to
everyone: on your turn you may add tiles from your rack to any of them,
as long as every set is still a valid run or group afterwards.]],
    es = [[
Cuando ya has hecho tu bajada inicial, las combinaciones de la mesa son
de todos: en tu turno puedes añadir fichas de tu soporte a cualquiera de
ellas, siempre que cada combinación siga siendo una escalera o un grupo
válido.]],
    it = [[
Quando hai fatto la prima calata, le combinazioni sul tavolo sono di
tutti: nel tuo turno puoi aggiungere tessere dal tuo supporto a
qualunque di esse, purché ogni combinazione resti una serie o un gruppo
valido.]],
    fr = [[
Une fois ta première pose faite, les combinaisons de la table sont à
tout le monde : à ton tour tu peux y ajouter des plaques de ta réglette,
à condition que chaque combinaison reste une suite ou une série
valable.]],
  },
  goal = {
    en = "Place both of your tiles on the table.",
    es = "Pon tus dos fichas en la mesa.",
    it = "Metti sul tavolo entrambe le tue tessere.",
    fr = "Pose tes deux plaques sur la table.",
  },
  table = "[b4 b5 b6] [k8 r8 o8]",
  rack = "b3 b8",
  racks = {"k1 k2 o13"},
  opened = true,
  hints = {
    {en = "A run may grow at either end.",
     es = "Una escalera puede crecer por cualquiera de sus extremos.",
     it = "Una serie può crescere da entrambe le estremità.",
     fr = "Une suite peut s'allonger par l'un ou l'autre bout."},
    {en = "A group of three may take a fourth colour.",
     es = "Un grupo de tres puede recibir un cuarto color.",
     it = "Un gruppo di tre può prendere un quarto colore.",
     fr = "Une série de trois peut recevoir une quatrième couleur."},
  },
  place = "b3 b8",
  shortcuts = {"[b4 b5 b6] [k8 r8 o8 b8]", "[b3 b4 b5 b6] [k8 r8 o8]"},
  solution = "[b3 b4 b5 b6] [k8 r8 o8 b8]",
  success = {
    en = "b3 starts the blue run, b8 is the fourth colour of the group of 8s.",
    es = "b3 empieza la escalera azul, b8 es el cuarto color del grupo de 8.",
    it = "b3 apre la serie blu, b8 è il quarto colore del gruppo degli 8.",
    fr = "b3 commence la suite bleue, b8 est la quatrième couleur de la série des 8.",
  },
  tries = {
    {play = "[b3 b4 b5 b6 b8] [k8 r8 o8]", says = "set 1 [b3 b4 b5 b6 b8] is not a run: b7 is missing"},
  },
}
