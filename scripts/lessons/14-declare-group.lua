-- Lesson: a set of one tile and jokers is declared (the books ask the
-- player to say whether it is a group or a run; docs/rules.md, "A set of
-- one tile and jokers may be declared"). A house threshold of 37 makes the
-- reading matter: the run 11-12-13 is 36, the group of 13s 39.
return {
  title = {
    en = "Say which set it is",
    es = "Di qué combinación es",
    it = "Di che combinazione è",
    fr = "Dis quelle combinaison c'est",
  },
  intro = {
    en = [[
One tile and two jokers can be two different sets. [o13 J J] can be the
run 11-12-13 (36 points) or the group of 13s (39 points). The rulebooks
ask the player who lays it to say which; unsaid, meldlab reads it as the
run.

To lay the group, declare the jokers as members of the group of 13s:
write [o13 J=13 J=13], or lay [o13 J J] and type declare SET group (in the
browser, the button "It is a group").

This table opens with 37 points, a house rule.]],
    es = [[
Una ficha y dos comodines pueden ser dos combinaciones distintas.
[o13 J J] puede ser la escalera 11-12-13 (36 puntos) o el grupo de 13
(39 puntos). El reglamento pide a quien la baja que diga cuál es; si no lo
dice, meldlab la lee como escalera.

Para bajar el grupo, declara los comodines miembros del grupo de 13:
escribe [o13 J=13 J=13], o baja [o13 J J] y escribe declare COMB group (en
el navegador, el botón «Es un grupo»).

En esta mesa la bajada inicial pide 37 puntos, una regla de la casa.]],
    it = [[
Una tessera e due Jolly possono essere due combinazioni diverse.
[o13 J J] può essere la serie 11-12-13 (36 punti) o il gruppo dei 13
(39 punti). Il regolamento chiede a chi la cala di dire quale; se non lo
dice, meldlab la legge come serie.

Per calare il gruppo, dichiara i Jolly parte del gruppo dei 13: scrivi
[o13 J=13 J=13], oppure cala [o13 J J] e scrivi declare COMB group (nel
browser, il pulsante «È un gruppo»).

A questo tavolo la prima calata chiede 37 punti, una regola della casa.]],
    fr = [[
Une plaque et deux jokers peuvent faire deux combinaisons différentes.
[o13 J J] peut être la suite 11-12-13 (36 points) ou la série des 13
(39 points). La règle demande à qui la pose de dire laquelle ; sinon,
meldlab la lit comme une suite.

Pour poser la série, déclare les jokers membres de la série des 13 :
écris [o13 J=13 J=13], ou pose [o13 J J] et tape declare COMB group (dans
le navigateur, le bouton « C'est une série »).

À cette table, la première pose demande 37 points, une règle de la maison.]],
  },
  goal = {
    en = "Open with 37 points using your o13 and your two jokers.",
    es = "Abre con 37 puntos usando tu o13 y tus dos comodines.",
    it = "Apri con 37 punti usando la tua o13 e i tuoi due Jolly.",
    fr = "Ouvre avec 37 points en utilisant ton o13 et tes deux jokers.",
  },
  variant = {opening = {points = 37}},
  rack = "o13 J J k2 r5 b8",
  racks = {"b1 b2 b3 o12"},
  opened = false,
  hints = {
    {en = "As a run, o13 and two jokers are 11-12-13: 36 points, one short.",
     es = "Como escalera, o13 y dos comodines son 11-12-13: 36 puntos, falta uno.",
     it = "Come serie, o13 e due Jolly sono 11-12-13: 36 punti, ne manca uno.",
     fr = "En suite, o13 et deux jokers font 11-12-13 : 36 points, il en manque un."},
    {en = "As the group of 13s they are 39: [o13 J=13 J=13].",
     es = "Como grupo de 13 valen 39: [o13 J=13 J=13].",
     it = "Come gruppo dei 13 valgono 39: [o13 J=13 J=13].",
     fr = "En série des 13, ils valent 39 : [o13 J=13 J=13]."},
  },
  place = "o13 J J",
  solution = "[o13 J=13 J=13]",
  shortcuts = {"draw"},
  success = {
    en = [[
Declared, the two jokers are 13s of the colours the group lacks: 3 × 13 =
39, enough to open. The declaration lasts until the set changes.]],
    es = [[
Declarados, los dos comodines son 13 de los colores que le faltan al
grupo: 3 × 13 = 39, suficiente para abrir. La declaración vale hasta que
la combinación cambie.]],
    it = [[
Dichiarati, i due Jolly sono 13 dei colori che mancano al gruppo:
3 × 13 = 39, abbastanza per aprire. La dichiarazione vale finché la
combinazione non cambia.]],
    fr = [[
Déclarés, les deux jokers sont des 13 des couleurs qui manquent à la
série : 3 × 13 = 39, assez pour ouvrir. La déclaration vaut jusqu'à ce que
la combinaison change.]],
  },
  tries = {
    {play = "[o13 J J]", says = "36"},
  },
}
