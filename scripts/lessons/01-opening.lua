-- Lesson: the initial meld (rulebook 000, "Cómo jugar"; 003 "Déroulement").
-- Its texts in the four languages, each in its rulebook's words.
return {
  title = {
    en = "Your first play: the initial meld",
    es = "Tu primera jugada: la bajada inicial",
    it = "La tua prima giocata: la prima calata",
    fr = "Ton premier coup : la première pose",
  },
  intro = {
    en = [[
Your first play of a round is your initial meld. It must be made of new
sets, runs or groups, taken from your own rack only, and together they
must be worth at least 30 points: each tile counts its number. Until you
have made it you may not touch the sets already on the table.

A run is three or more numbers in a row of one colour: [r7 r8 r9].
A group is three or four tiles of one number, each of another colour:
[k5 b5 o5].]],
    es = [[
Tu primera jugada de la partida es tu bajada inicial. Debe hacerse con
combinaciones nuevas, escaleras o grupos, tomadas solo de tu propio
soporte, y entre todas deben valer al menos 30 puntos: cada ficha vale
tantos puntos como su número. Hasta que la hayas hecho no puedes tocar
las combinaciones que ya están en la mesa.

Una escalera son tres o más números seguidos del mismo color: [r7 r8 r9].
Un grupo son tres o cuatro fichas del mismo número en colores diferentes:
[k5 b5 o5].]],
    it = [[
La tua prima giocata della partita è la prima calata. Deve essere fatta
di combinazioni nuove, serie o gruppi, prese solo dal tuo supporto, e
insieme devono valere almeno 30 punti: ogni tessera vale il suo numero.
Finché non l'hai fatta non puoi toccare le combinazioni già sul tavolo.

Una serie è fatta di tre o più numeri consecutivi dello stesso colore:
[r7 r8 r9]. Un gruppo è fatto di tre o quattro tessere dello stesso
numero, ognuna di un colore diverso: [k5 b5 o5].]],
    fr = [[
Ton premier coup de la manche est ta première pose. Elle doit être faite
de nouvelles combinaisons, suites ou séries, prises sur ta seule
réglette, et ensemble elles doivent valoir au moins 30 points : chaque
plaque vaut autant de points que son chiffre. Tant que tu ne l'as pas
faite, tu ne peux pas toucher aux combinaisons déjà sur la table.

Une suite, ce sont trois nombres ou plus qui se suivent, d'une même
couleur : [r7 r8 r9]. Une série, ce sont trois ou quatre plaques d'un
même nombre, chacune d'une autre couleur : [k5 b5 o5].]],
  },
  goal = {
    en = "Make an initial meld of at least 30 points from your rack.",
    es = "Haz una bajada inicial de al menos 30 puntos con tu soporte.",
    it = "Fai una prima calata di almeno 30 punti dal tuo supporto.",
    fr = "Fais une première pose d'au moins 30 points avec ta réglette.",
  },
  table = "[k11 k12 k13]",
  rack = "r7 r8 r9 k5 b5 o5 k10 b1",
  racks = {"r1 r2 r3 b12"},
  opened = false,
  hints = {
    {en = "Look for a run and a group on your rack.",
     es = "Busca una escalera y un grupo en tu soporte.",
     it = "Cerca una serie e un gruppo sul tuo supporto.",
     fr = "Cherche une suite et une série sur ta réglette."},
    {en = "[r7 r8 r9] is worth 24: not enough on its own.",
     es = "[r7 r8 r9] vale 24: no basta por sí sola.",
     it = "[r7 r8 r9] vale 24: da sola non basta.",
     fr = "[r7 r8 r9] vaut 24 : pas assez à elle seule."},
    {en = "[r7 r8 r9] and [k5 b5 o5] are worth 24 + 15 = 39.",
     es = "[r7 r8 r9] y [k5 b5 o5] valen 24 + 15 = 39.",
     it = "[r7 r8 r9] e [k5 b5 o5] valgono 24 + 15 = 39.",
     fr = "[r7 r8 r9] et [k5 b5 o5] valent 24 + 15 = 39."},
  },
  solution = "[k11 k12 k13] [r7 r8 r9] [k5 b5 o5]",
  success = {
    en = [[
39 points: 24 for the run, 15 for the group. You have opened; from your
next turn you may also add to the sets on the table and rearrange them.]],
    es = [[
39 puntos: 24 por la escalera, 15 por el grupo. Ya hiciste tu bajada
inicial; desde tu próximo turno también puedes añadir fichas a las
combinaciones de la mesa y reorganizarlas.]],
    it = [[
39 punti: 24 per la serie, 15 per il gruppo. Hai fatto la prima calata;
dal prossimo turno puoi anche aggiungere tessere alle combinazioni sul
tavolo e riorganizzarle.]],
    fr = [[
39 points : 24 pour la suite, 15 pour la série. Tu as fait ta première
pose ; dès ton prochain tour tu peux aussi compléter les combinaisons de
la table et les réarranger.]],
  },
  -- Any legal play from this rack is an initial meld: the lesson asks for
  -- one, so only a draw skips it.
  check = function(g)
    return g:opened(1)
  end,
  shortcuts = {"draw"},
  tries = {
    {play = "[k11 k12 k13] [r7 r8 r9]",
     says = "initial meld is 24 points; the original rules need 30"},
    {play = "[k10 k11 k12 k13] [r7 r8 r9] [k5 b5 o5]",
     says = "set 1 [k11 k12 k13] was changed; the original rules let an initial meld place only new sets from your rack"},
  },
}
