package i18n_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/variants"
)

// refuse plays after on a table and Ann's rack under the named variant and
// returns the refusal.
func refuse(t *testing.T, variant, table, rack string, opened bool, after string) error {
	t.Helper()
	rules, err := variants.Load(variant)
	require.NoError(t, err)
	g, err := core.NewGame(rules, []string{"Ann", "Bob"}, 1)
	require.NoError(t, err)
	require.NoError(t, g.Setup(core.Setup{
		Racks:  [][]core.Tile{coretest.Tiles(rack), coretest.Tiles("k1")},
		Table:  coretest.Table(table),
		Opened: []bool{opened, true},
		Pool:   -1,
		Turn:   2,
	}))
	err = g.Play(coretest.Table(after))
	require.Error(t, err)
	return err
}

// Real refusals, said in each language in its rulebook's words.
func TestRefusals(t *testing.T) {
	tests := []struct {
		name                        string
		variant, table, rack, after string
		unopened                    bool
		en, es, it, fr              string
	}{
		{name: "a run of two colours", variant: "original", table: "[k8 r8 o8]", rack: "r4 b5 r6", after: "[k8 r8 o8] [r4 b5 r6]",
			en: "set 2 [r4 b5 r6] is not a run: b5 is blue, the run is red",
			es: "combinación 2 [r4 b5 r6] no es una escalera: b5 es azul y la escalera es roja",
			it: "combinazione 2 [r4 b5 r6] non è una serie: b5 è blu, la serie è rossa",
			fr: "combinaison 2 [r4 b5 r6] n'est pas une suite : b5 est bleue, la suite est rouge"},
		{name: "tiles not on the rack", variant: "original", rack: "r4", after: "[r4 r5 r6]",
			en: "r5 and r6 are not on your rack",
			es: "r5 y r6 no están en tu soporte",
			it: "r5 e r6 non sono sul tuo supporto",
			fr: "r5 et r6 ne sont pas sur ta réglette"},
		{name: "a tile back to the rack", variant: "original", table: "[k8 r8 o8 b8]", rack: "k1", after: "[k8 r8 o8]",
			en: "b8 left the table; a tile on the table stays there, never going back to a rack",
			es: "b8 salió de la mesa; una ficha de la mesa se queda allí y nunca vuelve a un soporte",
			it: "b8 ha lasciato il tavolo; una tessera sul tavolo resta lì e non torna mai su un supporto",
			fr: "b8 a quitté la table ; une plaque posée sur la table y reste et ne revient jamais sur une réglette"},
		{name: "an initial meld of 27", variant: "original", rack: "k8 k9 k10 r1", after: "[k8 k9 k10]", unopened: true,
			en: "initial meld is 27 points; the original rules need 30",
			es: "la bajada inicial vale 27 puntos; las reglas originales exigen 30",
			it: "la prima calata vale 27 punti; le regole originali ne chiedono 30",
			fr: "la première pose vaut 27 points ; les règles originales en demandent 30"},
		{name: "the Italian joker kept without its tile", variant: "italian",
			table: "[r3 r4 r5 J] [k5 k6 k7]", rack: "k8 k1", after: "[r3 r4 r5] [k5 k6 k7 k8]",
			en: "the joker freed from set 1 [r3 r4 r5 J] is not on the table; the italian rules let you keep a joker only when you replace it with the tile it stands for (r6) from your own rack; a joker freed any other way must be played the same turn",
			es: "el comodín liberado de la combinación 1 [r3 r4 r5 J] no está en la mesa; las reglas italianas solo dejan quedarse un comodín cuando lo reemplazas con la ficha que representa (r6), de tu propio soporte; un comodín liberado de otra forma debe jugarse en el mismo turno",
			it: "il Jolly liberato dalla combinazione 1 [r3 r4 r5 J] non è sul tavolo; le regole italiane permettono di tenere un Jolly solo a chi lo sostituisce con la tessera che rappresenta (r6), dal proprio supporto; un Jolly liberato in un altro modo va giocato nello stesso turno",
			fr: "le joker libéré de la combinaison 1 [r3 r4 r5 J] n'est pas sur la table ; les règles italiennes ne permettent de garder un joker qu'en le remplaçant par la plaque qu'il représente (r6), prise sur ta propre réglette ; un joker libéré autrement doit être joué dans le même tour"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := refuse(t, tt.variant, tt.table, tt.rack, !tt.unopened, tt.after)
			assert.Equal(t, tt.en, err.Error())
			for lang, want := range map[i18n.Lang]string{i18n.English: tt.en, i18n.Spanish: tt.es, i18n.Italian: tt.it, i18n.French: tt.fr} {
				assert.Equal(t, want, i18n.New(lang).Error(err), lang)
			}
		})
	}
}

// Notation errors say where and why in the learner's language; the token
// stays as typed.
func TestNotationErrors(t *testing.T) {
	_, err := core.ParseTable("[r3 r14]")
	require.Error(t, err)
	assert.Equal(t, `set 1, tile 2 "r14": numbers run 1..13`, err.Error())
	assert.Equal(t, `combinación 1, ficha 2 "r14": los números van del 1 al 13`, i18n.New(i18n.Spanish).Error(err))
	assert.Equal(t, `combinazione 1, tessera 2 "r14": i numeri vanno da 1 a 13`, i18n.New(i18n.Italian).Error(err))
	assert.Equal(t, `combinaison 1, plaque 2 "r14" : les nombres vont de 1 à 13`, i18n.New(i18n.French).Error(err))

	_, err = core.ParseTiles("♥3")
	require.Error(t, err)
	assert.Equal(t, `plaque 1 "♥3" : couleur inconnue "♥" : les couleurs sont k, r, b, o, et J est un joker`, i18n.New(i18n.French).Error(err))
}
