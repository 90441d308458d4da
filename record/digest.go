package record

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/meldlab/meldlab/core"
)

// Digest is a short fingerprint of resolved rules: the first 16 hex digits
// of the SHA-256 of their JSON, without the words that do not change a game
// (name, title, source) or the path of the hooks' file (which differs from
// one machine to the next; the hooks are the variant's). A record names its
// variant and this digest, so a variant file changed since the game was
// played is found out rather than replayed under other rules.
func Digest(r core.Rules) string {
	r.Name, r.Title, r.Source, r.Hooks = "", "", "", ""
	b, err := json.Marshal(r)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}
