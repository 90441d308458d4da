package sim

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strings"
)

// palette colours the variants, in order (colour-blind-safe, Okabe-Ito).
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"}

// Chart geometry, in SVG user units.
const (
	svgWidth   = 900
	panelLeft  = 80
	panelRight = 860
	histTop    = 80
	histBottom = 330
	winTop     = 430
	winBottom  = 650
	svgHeight  = 730
)

// WriteSVG draws the report as one self-contained SVG document (no script,
// no external resource; any browser opens it): above, the distribution of
// round length per variant; below, each seat's win rate per variant with
// its 95% interval, against the fair share 1/players.
func (rep *Report) WriteSVG(w io.Writer) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n",
		svgWidth, svgHeight, svgWidth, svgHeight)
	fmt.Fprintf(&b, `<title>meldlab sim: %s</title>`+"\n", esc(strings.Join(rep.Setup.Variants, " vs ")))
	b.WriteString(`<rect width="100%" height="100%" fill="white"/>` + "\n")
	text(&b, svgWidth/2, 24, "middle", 16, fmt.Sprintf("%d games, %d players (%s), seed %d",
		rep.Games, rep.Setup.Players, strings.Join(rep.Setup.Bots, ", "), rep.Setup.Seed))
	rep.histogram(&b)
	rep.winRates(&b)
	rep.legend(&b)
	b.WriteString("</svg>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// esc escapes s for XML text and attributes.
func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // writing to a Builder cannot fail
	return b.String()
}

func text(b *bytes.Buffer, x, y float64, anchor string, size int, s string) {
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="%s" font-size="%d">%s</text>`+"\n", x, y, anchor, size, esc(s))
}

// niceStep is a round tick step (1, 2 or 5 times a power of ten) giving
// about n ticks over span.
func niceStep(span float64, n int) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// axes draws a panel's frame, its y ticks (from 0 to yMax, as percentages)
// and its axis labels.
func axes(b *bytes.Buffer, top, bottom, yMax float64, title, xLabel, yLabel string) {
	text(b, panelLeft, top-14, "start", 14, title)
	fmt.Fprintf(b, `<rect x="%d" y="%.1f" width="%d" height="%.1f" fill="none" stroke="#888"/>`+"\n",
		panelLeft, top, panelRight-panelLeft, bottom-top)
	step := niceStep(yMax, 5)
	for v := 0.0; v <= yMax+1e-9; v += step {
		y := bottom - (bottom-top)*v/yMax
		fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`+"\n", panelLeft, y, panelRight, y)
		text(b, panelLeft-6, y+4, "end", 11, trimFloat(v*100)+"%")
	}
	text(b, (panelLeft+panelRight)/2, bottom+38, "middle", 13, xLabel)
	fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="middle" font-size="13" transform="rotate(-90 %d %.1f)">%s</text>`+"\n",
		24, (top+bottom)/2, 24, (top+bottom)/2, esc(yLabel))
}

func trimFloat(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

// histogram draws the share of finished rounds by length, in bins, one
// step line a variant.
func (rep *Report) histogram(b *bytes.Buffer) {
	lo, hi := math.MaxInt64, -1
	for _, v := range rep.Variants {
		for _, h := range v.TurnHistogram {
			lo, hi = min(lo, int(h[0])), max(hi, int(h[0]))
		}
	}
	if hi < 0 {
		axes(b, histTop, histBottom, 1, "Round length", "turns per round", "share of rounds")
		text(b, svgWidth/2, (histTop+histBottom)/2, "middle", 13, "no finished rounds")
		return
	}
	width := max(1, int(math.Ceil(float64(hi-lo+1)/40)))
	lo -= lo % width
	nbins := (hi-lo)/width + 1
	shares := make([][]float64, len(rep.Variants))
	yMax := 0.0
	for k, v := range rep.Variants {
		shares[k] = make([]float64, nbins)
		for _, h := range v.TurnHistogram {
			shares[k][(int(h[0])-lo)/width] += float64(h[1]) / float64(v.Finished)
		}
		for _, s := range shares[k] {
			yMax = math.Max(yMax, s)
		}
	}
	yMax = math.Ceil(yMax/niceStep(yMax, 5)) * niceStep(yMax, 5)
	axes(b, histTop, histBottom, yMax, "Round length", "turns per round", "share of rounds")
	xOf := func(t float64) float64 {
		return panelLeft + (panelRight-panelLeft)*(t-float64(lo))/float64(nbins*width)
	}
	yOf := func(s float64) float64 { return histBottom - (histBottom-histTop)*s/yMax }
	step := niceStep(float64(nbins*width), 10)
	for t := math.Ceil(float64(lo)/step) * step; t <= float64(lo+nbins*width)+1e-9; t += step {
		x := xOf(t)
		fmt.Fprintf(b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#888"/>`+"\n", x, histBottom, x, histBottom+5)
		text(b, x, histBottom+18, "middle", 11, trimFloat(t))
	}
	for k := range rep.Variants {
		var p strings.Builder
		fmt.Fprintf(&p, "M%.1f %.1f", xOf(float64(lo)), yOf(0))
		for i, s := range shares[k] {
			x0, x1 := xOf(float64(lo+i*width)), xOf(float64(lo+(i+1)*width))
			fmt.Fprintf(&p, " L%.1f %.1f L%.1f %.1f", x0, yOf(s), x1, yOf(s))
		}
		fmt.Fprintf(&p, " L%.1f %.1f", xOf(float64(lo+nbins*width)), yOf(0))
		fmt.Fprintf(b, `<path d="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", p.String(), palette[k%len(palette)])
	}
	if width > 1 {
		text(b, panelRight, histTop-14, "end", 11, fmt.Sprintf("bins of %d turns", width))
	}
}

// winRates draws each seat's win rate per variant with its interval.
func (rep *Report) winRates(b *bytes.Buffer) {
	seats := rep.Setup.Players
	yMax := 1.0 / math.Max(1, float64(seats))
	for _, v := range rep.Variants {
		for _, w := range v.WinsBySeat {
			if !math.IsNaN(w.Share.High) {
				yMax = math.Max(yMax, w.Share.High)
			}
		}
	}
	yMax = math.Min(1, math.Ceil(yMax/niceStep(yMax, 5))*niceStep(yMax, 5))
	axes(b, winTop, winBottom, yMax, "Win rate by seat (dots) with 95% intervals (bars); dashed: a fair share",
		"seat (bot)", "rounds won")
	yOf := func(s float64) float64 { return winBottom - (winBottom-winTop)*s/yMax }
	slot := float64(panelRight-panelLeft) / float64(max(seats, 1))
	fair := yOf(1 / math.Max(1, float64(seats)))
	fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#444" stroke-dasharray="6 4"/>`+"\n",
		panelLeft, fair, panelRight, fair)
	nv := len(rep.Variants)
	for s := range seats {
		center := panelLeft + slot*(float64(s)+0.5)
		text(b, center, winBottom+18, "middle", 11, fmt.Sprintf("seat %d (%s)", s+1, rep.Setup.Bots[s]))
		for k, v := range rep.Variants {
			if s >= len(v.WinsBySeat) || math.IsNaN(v.WinsBySeat[s].Share.Value) {
				continue
			}
			sh := v.WinsBySeat[s].Share
			x := center + slot*0.6*(float64(k)+0.5-float64(nv)/2)/float64(max(nv, 1))
			col := palette[k%len(palette)]
			if !math.IsNaN(sh.Low) {
				fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`+"\n",
					x, yOf(sh.Low), x, yOf(sh.High), col)
				for _, y := range []float64{yOf(sh.Low), yOf(sh.High)} {
					fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`+"\n",
						x-5, y, x+5, y, col)
				}
			}
			fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s"><title>%s</title></circle>`+"\n",
				x, yOf(sh.Value), col, esc(fmt.Sprintf("%s, seat %d: %s", v.Name, s+1, share(sh))))
		}
	}
}

// legend names each variant's colour.
func (rep *Report) legend(b *bytes.Buffer) {
	x, y := float64(panelLeft), float64(44)
	for k, v := range rep.Variants {
		col := palette[k%len(palette)]
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="14" height="10" fill="%s"/>`+"\n", x, y-9, col)
		text(b, x+20, y, "start", 12, v.Name)
		x += 40 + 7*float64(len(v.Name))
		if x > panelRight-100 {
			x, y = panelLeft, y+16
		}
	}
}
