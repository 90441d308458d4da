package core

import "errors"

// Sentinels for the rules a game action can break, one a rule; test with
// errors.Is. Every error Game returns for a broken rule is a *RuleError whose
// Rule is one of these.
var (
	ErrNotYourTurn        = errors.New("not your turn")
	ErrRoundOver          = errors.New("the round is over")
	ErrRoundNotOver       = errors.New("the round is not over")
	ErrMatchOver          = errors.New("the match is over")
	ErrInvalidSet         = errors.New("a set on the table is not valid")
	ErrNotOnRack          = errors.New("a tile placed is not on the rack")
	ErrTileLeftTable      = errors.New("a tile left the table")
	ErrNothingPlaced      = errors.New("no tile placed")
	ErrJokerBeforeOpening = errors.New("a joker taken before the initial meld")
	ErrOpeningUsesTable   = errors.New("the initial meld changes the table")
	ErrOpeningTooLow      = errors.New("the initial meld is worth too little")
	ErrFirstRoundLocked   = errors.New("the table is locked during the first round")
	ErrTableManipulation  = errors.New("the variant does not let the table's sets be changed that way")
	ErrNoPass             = errors.New("the pool is empty and the player can place a tile")
	ErrJokerSource        = errors.New("a joker replaced by a tile from a forbidden source")
	ErrJokerNotPlayed     = errors.New("a freed joker is not played")
	ErrDrawnTileOnly      = errors.New("after a draw only the drawn tile may free a joker")
	ErrTurnNotOpen        = errors.New("no turn is left open")
	ErrNoTimeLimit        = errors.New("no time limit, so no timeout")
	ErrVetoed             = errors.New("the variant's hooks vetoed the play")
	ErrSetup              = errors.New("bad scenario set-up")
	ErrPlayers            = errors.New("bad number of players")
	ErrDeal               = errors.New("the deal cannot serve the players")
)

// RuleError is a game action refused by the rules. Its message names the
// rule, the set concerned and the variant in a learner's words:
//
//	initial meld is 27 points; the original rules need 30
//
// Rule is one of the sentinels above and Err, when set, the cause underneath
// (the *SetError of an invalid set): errors.Is and errors.As find both.
type RuleError struct {
	Rule    error   // the broken rule: ErrInvalidSet, ErrOpeningTooLow, ...
	Set     int     // the set concerned, from 1; 0 if none (see Game.Play for which table)
	Variant string  // Rules.Name of the game
	Says    Message // what broke, in words any language can say (see Message)
	Msg     string  // Deprecated: English only; set by ruleErr until every refusal says a Message
	Err     error   // the cause, if any: a *SetError for ErrInvalidSet
	// Penalty lists the tiles a refused play cost the player when the variant
	// charges for failed plays (Rules.FailedPlay); the turn then ended.
	Penalty []Tile
	// Ended reports that the refusal ended the turn: the variant charges
	// for failed plays, even when the pool had no tile left to charge.
	Ended bool
}

func (e *RuleError) Error() string {
	if e.Says.ID == "" && len(e.Penalty) == 0 {
		return e.Msg
	}
	return e.Message().String()
}

// Message is the whole refusal, with what the play cost when the variant
// charges for failed plays.
func (e *RuleError) Message() Message {
	says := e.Says
	if says.ID == "" {
		says = MsgText(e.Msg)
	}
	if len(e.Penalty) > 0 {
		return MsgRulePenalty(says, len(e.Penalty))
	}
	return says
}

// Unwrap gives errors.Is and errors.As both the rule and the cause.
func (e *RuleError) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Rule}
	}
	return []error{e.Rule, e.Err}
}

// refusal builds a *RuleError for the rules r that says m.
func (r *Rules) refusal(rule error, set int, m Message) *RuleError {
	return &RuleError{Rule: rule, Set: set, Variant: r.Name, Says: m}
}

// ruleErr builds a *RuleError for the rules r, in English only (being
// replaced by refusal).
func (r *Rules) ruleErr(rule error, set int, format string, args ...any) *RuleError {
	return &RuleError{Rule: rule, Set: set, Variant: r.Name, Msg: sprintf(format, args...)}
}

// words names the variant in a sentence: "the original rules".
func (r *Rules) words() string {
	if r.Name == "" {
		return "these rules"
	}
	return "the " + r.Name + " rules"
}

// says names the rules in a sentence of any language: "the original rules".
func (r *Rules) says() Message {
	if r.Name == "" {
		return MsgRulesThese()
	}
	return MsgRulesNamed(VariantName(r.Name))
}

// jokerSays says what a joker is worth in the initial meld.
func (r *Rules) jokerSays() Message {
	if r.Opening.JokerValue == Zero {
		return MsgOpeningJokerZero()
	}
	return MsgOpeningJokerFace()
}

// sourceSays lists the sources of s: "your rack or the table".
func sourceSays(s Source) List {
	var parts []any
	if s.Has(FromRack) {
		parts = append(parts, MsgSourceRack())
	}
	if s.Has(FromTable) {
		parts = append(parts, MsgSourceTable())
	}
	if s.Has(FromDrawn) {
		parts = append(parts, MsgSourceDrawn())
	}
	return List{Items: parts, Or: true}
}

// andList joins words as a sentence does: "a", "a and b", "a, b and c".
func andList(parts []string, and string) string {
	if len(parts) == 1 {
		return parts[0]
	}
	out := ""
	for i, p := range parts[:len(parts)-1] {
		if i > 0 {
			out += ", "
		}
		out += p
	}
	return out + " " + and + " " + parts[len(parts)-1]
}
