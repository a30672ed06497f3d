// Command poseidon2-gnark computes Poseidon2 BN254 answers with gnark-crypto
// (an independent implementation with assembly field arithmetic) for the
// widths gnark-crypto ships HorizenLabs constants for (t = 4, 8, 12, 16),
// and times its permutation for the speed comparison of the Rust crates.
//
// Needs: Go 1.22+ and the Go module proxy (go.mod pins gnark-crypto v0.22.0).
//
// Usage (from this folder):
//
//	go run . vectors > /tmp/gnark.json   # permutation and compress cases, JSON
//	go run . bench [rounds]              # ns per permutation, t = 4, 8, 12, 16
//
// The JSON is read by ../poseidon2/gen_wide_vectors.py, which writes
// test-vectors/poseidon/poseidon2_new_t{8,12,16}.json.
package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"sort"
	"strconv"
	"time"

	"github.com/consensys/gnark-crypto/ecc/bn254/fr"
	"github.com/consensys/gnark-crypto/ecc/bn254/fr/poseidon2"
)

// Rounds per width, as gnark-crypto's constant table requires them.
var rounds = map[int][2]int{4: {8, 56}, 8: {8, 57}, 12: {8, 57}, 16: {8, 57}}

type vectorCase struct {
	Fn     string   `json:"fn"`
	Input  []string `json:"input"`
	Output []string `json:"output"`
}

// splitmix64: a fixed, seedable source of test inputs (not cryptographic).
type splitmix struct{ s uint64 }

func (r *splitmix) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// element draws a 256-bit integer and reduces it mod p; every eighth draw is
// an edge value (0, 1, p-1, 2^64, 2^128).
func (r *splitmix) element(i int) fr.Element {
	var e fr.Element
	if i%8 == 7 {
		switch r.next() % 5 {
		case 0:
			e.SetZero()
		case 1:
			e.SetOne()
		case 2:
			e.SetOne()
			e.Neg(&e)
		case 3:
			e.SetBigInt(new(big.Int).Lsh(big.NewInt(1), 64))
		default:
			e.SetBigInt(new(big.Int).Lsh(big.NewInt(1), 128))
		}
		return e
	}
	var b [32]byte
	for k := 0; k < 4; k++ {
		v := r.next()
		for j := 0; j < 8; j++ {
			b[8*k+j] = byte(v >> (8 * j))
		}
	}
	e.SetBytes(b[:]) // big-endian, reduced mod p
	return e
}

// decimal prints canonical integers in [0, p) (fr.Element's String prints
// values near p as negative numbers, e.g. "-1").
func decimal(xs []fr.Element) []string {
	out := make([]string, len(xs))
	for i := range xs {
		var b big.Int
		out[i] = xs[i].BigInt(&b).String()
	}
	return out
}

func vectors() {
	widths := []int{4, 8, 12, 16}
	result := map[string][]vectorCase{}
	rng := splitmix{s: 0x5eed_0f_9a7c}
	for _, t := range widths {
		perm := poseidon2.NewPermutation(t, rounds[t][0], rounds[t][1])
		var cases []vectorCase
		// KAT input [0, 1, ..., t-1], as HorizenLabs' and taceo's tests use.
		kat := make([]fr.Element, t)
		for i := range kat {
			kat[i].SetUint64(uint64(i))
		}
		in := decimal(kat)
		if err := perm.Permutation(kat); err != nil {
			panic(err)
		}
		cases = append(cases, vectorCase{"permutation", in, decimal(kat)})
		for n := 0; n < 12; n++ {
			state := make([]fr.Element, t)
			for i := range state {
				state[i] = rng.element(n*t + i)
			}
			in := decimal(state)
			if err := perm.Permutation(state); err != nil {
				panic(err)
			}
			cases = append(cases, vectorCase{"permutation", in, decimal(state)})
		}
		// compress: permute([x_0, ..., x_{t-2}, 0]), element 0.
		for n := 0; n < 6; n++ {
			state := make([]fr.Element, t)
			for i := 0; i < t-1; i++ {
				state[i] = rng.element(n*t + i)
			}
			in := decimal(state[:t-1])
			if err := perm.Permutation(state); err != nil {
				panic(err)
			}
			cases = append(cases, vectorCase{"compress", in, decimal(state[:1])})
		}
		result[strconv.Itoa(t)] = cases
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", " ")
	if err := enc.Encode(result); err != nil {
		panic(err)
	}
}

func bench(roundsArg int) {
	for _, t := range []int{4, 8, 12, 16} {
		perm := poseidon2.NewPermutation(t, rounds[t][0], rounds[t][1])
		state := make([]fr.Element, t)
		for i := range state {
			state[i].SetUint64(uint64(i + 1))
		}
		// Each round times a batch of permutations chained through the state
		// (no input repeats); report the median per permutation.
		const batch = 200
		samples := make([]float64, roundsArg)
		for r := range samples {
			start := time.Now()
			for k := 0; k < batch; k++ {
				_ = perm.Permutation(state)
			}
			samples[r] = float64(time.Since(start).Nanoseconds()) / batch
		}
		sort.Float64s(samples)
		fmt.Printf("gnark-crypto v0.22.0 poseidon2 bn254 t=%d permutation: median %.0f ns, min %.0f ns (%d rounds of %d)\n",
			t, samples[len(samples)/2], samples[0], roundsArg, batch)
	}
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: poseidon2-gnark vectors | bench [rounds]")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "vectors":
		vectors()
	case "bench":
		n := 50
		if len(os.Args) > 2 {
			v, err := strconv.Atoi(os.Args[2])
			if err != nil || v < 1 {
				fmt.Fprintln(os.Stderr, "rounds must be a positive integer")
				os.Exit(2)
			}
			n = v
		}
		bench(n)
	default:
		fmt.Fprintln(os.Stderr, "usage: poseidon2-gnark vectors | bench [rounds]")
		os.Exit(2)
	}
}
