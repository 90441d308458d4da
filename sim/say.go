package sim

import (
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
)

// inEnglish says m in English, for the JSON report.
func inEnglish(m core.Message) string { return i18n.New(i18n.English).Message(m) }
