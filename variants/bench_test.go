package variants

import "testing"

// BenchmarkResolve reads a variant file and the one it extends.
func BenchmarkResolve(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Resolve("novelty"); err != nil {
			b.Fatal(err)
		}
	}
}
