-- Lesson: docs/rules.md rearrangement 3.
return {
  title = {
    en = "Add one, take another",
    es = "Añadir una, tomar otra",
    it = "Aggiungerne una, prenderne un'altra",
    fr = "En ajouter une, en prendre une autre",
  },
  intro = {
    en = [[
Adding a tile to one end of a run can free the tile at the other end:
[b8 b9 b10] with a b11 can let its b8 go and still be a run of three.
The freed tile then joins another set.]],
    es = [[
Añadir una ficha a un extremo de una escalera puede liberar la ficha
del otro extremo: [b8 b9 b10] con una b11 puede soltar su b8 y seguir
siendo una escalera de tres. La ficha liberada se une a otra
combinación.]],
    it = [[
Aggiungere una tessera a un'estremità di una serie può liberare la
tessera all'altra estremità: [b8 b9 b10] con una b11 può lasciare la sua
b8 e restare una serie di tre. La tessera liberata va in un'altra
combinazione.]],
    fr = [[
Ajouter une plaque à un bout d'une suite peut libérer la plaque de
l'autre bout : [b8 b9 b10] avec une b11 peut laisser partir sa b8 et
rester une suite de trois. La plaque libérée rejoint une autre
combinaison.]],
  },
  goal = {
    en = "Place b11, k8 and o8.",
    es = "Pon b11, k8 y o8.",
    it = "Metti b11, k8 e o8.",
    fr = "Pose b11, k8 et o8.",
  },
  table = "[b8 b9 b10]",
  rack = "b11 k8 o8 r1",
  racks = {"k2 k3 o5"},
  opened = true,
  hints = {
    {en = "k8 and o8 need a third 8 of another colour.",
     es = "k8 y o8 necesitan un tercer 8 de otro color.",
     it = "k8 e o8 hanno bisogno di un terzo 8 di un altro colore.",
     fr = "k8 et o8 ont besoin d'un troisième 8 d'une autre couleur."},
    {en = "If b11 joins the run, which tile can the run spare?",
     es = "Si b11 se une a la escalera, ¿qué ficha puede ceder la escalera?",
     it = "Se b11 entra nella serie, quale tessera può cedere la serie?",
     fr = "Si b11 rejoint la suite, quelle plaque la suite peut-elle céder ?"},
  },
  place = "b11 k8 o8",
  shortcuts = {"[b8 b9 b10 b11]"},
  solution = "[b9 b10 b11] [b8 k8 o8]",
  success = {
    en = "b11 lengthens the run, so b8 can leave it and make a group with k8 and o8.",
    es = "b11 alarga la escalera, así que b8 puede dejarla y formar un grupo con k8 y o8.",
    it = "b11 allunga la serie, così b8 può lasciarla e formare un gruppo con k8 e o8.",
    fr = "b11 allonge la suite, donc b8 peut la quitter et former une série avec k8 et o8.",
  },
  tries = {
    {play = "[b9 b10 b11] [b8 k8]", says = "set 2 [b8 k8] is too short: a group needs at least 3 tiles"},
    {play = "[b8 b9 b10 b11] [k8 o8]", says = "set 2 [k8 o8] is too short"},
  },
}
