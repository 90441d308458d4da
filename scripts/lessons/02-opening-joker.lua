-- Lesson: what a joker is worth in the initial meld (rulebook 000
-- "El Comodín"; 002 counts it 0).
return {
  title = {
    en = "A joker in the initial meld",
    es = "Un comodín en la bajada inicial",
    it = "Un Jolly nella prima calata",
    fr = "Un joker dans la première pose",
  },
  intro = {
    en = [[
A joker stands for any one tile of its set. In the initial meld it
counts as the tile it stands for: in [r9 J r11] the joker is the r10,
so the run is worth 9 + 10 + 11 = 30.

Not every edition agrees: the Novelty edition counts a joker as 0 in the
initial meld (try the variant novelty). And a joker left on your rack
when someone goes out costs you 30 points, so it is worth playing.]],
    es = [[
Un comodín representa cualquier ficha de su combinación. En la bajada
inicial vale lo que la ficha que representa: en [r9 J r11] el comodín es
la r10, así que la escalera vale 9 + 10 + 11 = 30.

No todas las ediciones coinciden: la edición Novelty cuenta el comodín
como 0 en la bajada inicial (prueba la variante novelty). Y un comodín
que queda en tu soporte cuando alguien se queda sin fichas te cuesta 30
puntos, así que conviene jugarlo.]],
    it = [[
Un Jolly rappresenta una tessera qualsiasi della sua combinazione. Nella
prima calata vale quanto la tessera che rappresenta: in [r9 J r11] il
Jolly è la r10, quindi la serie vale 9 + 10 + 11 = 30.

Non tutte le edizioni sono d'accordo: l'edizione Novelty dà al Jolly
valore 0 nella prima calata (prova la variante novelty). E un Jolly rimasto sul
tuo supporto quando qualcuno chiude ti costa 30 punti, quindi conviene
giocarlo.]],
    fr = [[
Un joker remplace n'importe quelle plaque de sa combinaison. Dans la
première pose, il compte comme la plaque qu'il remplace : dans
[r9 J r11] le joker est la r10, donc la suite vaut 9 + 10 + 11 = 30.

Toutes les éditions ne sont pas d'accord : l'édition Novelty compte le
joker 0 dans la première pose (essaie la variante novelty). Et un joker
resté sur ta réglette quand quelqu'un finit te coûte 30 points : mieux
vaut le jouer.]],
  },
  goal = {
    en = "Open with at least 30 points; your joker can help.",
    es = "Abre con al menos 30 puntos; tu comodín puede ayudar.",
    it = "Apri con almeno 30 punti; il tuo Jolly può aiutarti.",
    fr = "Ouvre avec au moins 30 points ; ton joker peut t'aider.",
  },
  rack = "r9 r11 J k1 k2 k3 o6",
  racks = {"b1 b2 b3 o12"},
  opened = false,
  hints = {
    {en = "Your r9 and r11 need the r10 between them.",
     es = "Tu r9 y tu r11 necesitan la r10 entre ellas.",
     it = "La tua r9 e la tua r11 hanno bisogno della r10 in mezzo.",
     fr = "Ta r9 et ta r11 ont besoin de la r10 entre elles."},
    {en = "The joker can be the r10: [r9 J r11].",
     es = "El comodín puede ser la r10: [r9 J r11].",
     it = "Il Jolly può essere la r10: [r9 J r11].",
     fr = "Le joker peut être la r10 : [r9 J r11]."},
  },
  place = "J",
  solution = "[r9 J r11]",
  shortcuts = {"draw"},
  success = {
    en = [[
The joker counts as the r10 it stands for: 9 + 10 + 11 = 30, just
enough. [k1 k2 k3] would add only 6.]],
    es = [[
El comodín vale lo que la r10 que representa: 9 + 10 + 11 = 30, justo
lo necesario. [k1 k2 k3] solo añadiría 6.]],
    it = [[
Il Jolly vale quanto la r10 che rappresenta: 9 + 10 + 11 = 30, giusto
quanto basta. [k1 k2 k3] aggiungerebbe solo 6.]],
    fr = [[
Le joker compte comme la r10 qu'il remplace : 9 + 10 + 11 = 30, tout
juste assez. [k1 k2 k3] n'ajouterait que 6.]],
  },
  tries = {
    {play = "[k1 k2 k3 J]",
     says = "initial meld is 10 points; the original rules need 30 (a joker counts as the tile it replaces)"},
    {play = "[r9 r11 k1]", says = "is not a run"},
  },
}
