package core

// CheckSet is check, the path Validate takes under any rules, for the
// differential tests: under the printed rules' shape Validate answers by a
// path of its own in validate, and the two must agree on the verdict and the
// SetInfo.
func CheckSet(r SetRules, s Set) (SetInfo, bool) {
	var info SetInfo
	ok := r.check(s, &info)
	return info, ok
}
