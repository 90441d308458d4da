// Package test checks the Kubernetes recipe (deploy/kubernetes) against the
// Kubernetes API's own types, strictly: a misspelt or misplaced field is
// an error, as the API server's strict field validation would make it. It
// is a module of its own, so that the product does not depend on k8s.io.
package test

import (
	"bytes"
	"os"
	"regexp"
	"slices"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// documents are the YAML documents of a manifest file.
func documents(t *testing.T, path string) [][]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, d := range regexp.MustCompile(`(?m)^---\s*$`).Split(string(b), -1) {
		if len(bytes.TrimSpace([]byte(d))) > 0 {
			out = append(out, []byte(d))
		}
	}
	return out
}

// decode reads the manifests strictly: a PersistentVolumeClaim or a Job,
// nothing unknown.
func decode(t *testing.T, path string) (pvcs []corev1.PersistentVolumeClaim, jobs []batchv1.Job) {
	t.Helper()
	for _, d := range documents(t, path) {
		var head struct{ Kind string }
		if err := yaml.Unmarshal(d, &head); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		switch head.Kind {
		case "PersistentVolumeClaim":
			var p corev1.PersistentVolumeClaim
			if err := yaml.UnmarshalStrict(d, &p); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			pvcs = append(pvcs, p)
		case "Job":
			var j batchv1.Job
			if err := yaml.UnmarshalStrict(d, &j); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			jobs = append(jobs, j)
		default:
			t.Fatalf("%s: a %q, not a Job or a PersistentVolumeClaim", path, head.Kind)
		}
	}
	return pvcs, jobs
}

// restricted lists what keeps a pod from the "restricted" Pod Security
// Standard, and what it lacks of resources.
func restricted(name string, spec *corev1.PodSpec) []string {
	var bad []string
	sc := spec.SecurityContext
	switch {
	case sc == nil:
		return []string{name + ": no pod securityContext"}
	case sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot:
		bad = append(bad, name+": runAsNonRoot is not true")
	}
	if sc.RunAsUser == nil || *sc.RunAsUser == 0 {
		bad = append(bad, name+": runAsUser is not a numeric non-root user")
	}
	if sc.FSGroup == nil {
		bad = append(bad, name+": no fsGroup: a root-owned volume would not be writable")
	}
	if sc.SeccompProfile == nil || sc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
		bad = append(bad, name+": the seccomp profile is not RuntimeDefault")
	}
	for _, c := range spec.Containers {
		csc := c.SecurityContext
		if csc == nil {
			bad = append(bad, name+"/"+c.Name+": no container securityContext")
			continue
		}
		if csc.AllowPrivilegeEscalation == nil || *csc.AllowPrivilegeEscalation {
			bad = append(bad, name+"/"+c.Name+": allowPrivilegeEscalation is not false")
		}
		if csc.Capabilities == nil || !slices.Contains(csc.Capabilities.Drop, "ALL") || len(csc.Capabilities.Add) > 0 {
			bad = append(bad, name+"/"+c.Name+": capabilities are not all dropped")
		}
		if csc.Privileged != nil && *csc.Privileged {
			bad = append(bad, name+"/"+c.Name+": privileged")
		}
		for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
			if _, ok := c.Resources.Requests[r]; !ok {
				bad = append(bad, name+"/"+c.Name+": no "+string(r)+" request")
			}
			if _, ok := c.Resources.Limits[r]; !ok {
				bad = append(bad, name+"/"+c.Name+": no "+string(r)+" limit")
			}
		}
		if c.Image != "meldlab" {
			bad = append(bad, name+"/"+c.Name+": image "+c.Image+", not meldlab (set in ../image)")
		}
	}
	return bad
}

func TestManifests(t *testing.T) {
	pvcs, jobs := decode(t, "../sim/sim-job.yaml")
	_, merge := decode(t, "../merge/sim-merge.yaml")
	if len(pvcs) != 1 || len(jobs) != 1 || len(merge) != 1 {
		t.Fatalf("%d claims and %d jobs in sim/, %d jobs in merge/: want 1, 1 and 1", len(pvcs), len(jobs), len(merge))
	}
	if c := pvcs[0].Spec.StorageClassName; c == nil || *c == "" {
		t.Error("the claim names no storage class")
	}
	if !slices.Contains(pvcs[0].Spec.AccessModes, corev1.ReadWriteMany) {
		t.Error("the claim is not ReadWriteMany: every pod writes its shard to it")
	}
	j := jobs[0]
	if j.Spec.CompletionMode == nil || *j.Spec.CompletionMode != batchv1.IndexedCompletion {
		t.Error("the job is not Indexed")
	}
	if j.Spec.BackoffLimitPerIndex == nil {
		t.Error("no backoffLimitPerIndex")
	}
	// A usage error (exit 2) fails its index at once; other failures retry.
	p := j.Spec.PodFailurePolicy
	if p == nil || len(p.Rules) == 0 || p.Rules[0].Action != batchv1.PodFailurePolicyActionFailIndex ||
		p.Rules[0].OnExitCodes == nil || !slices.Equal(p.Rules[0].OnExitCodes.Values, []int32{2}) ||
		p.Rules[0].OnExitCodes.Operator != batchv1.PodFailurePolicyOnExitCodesOpIn {
		t.Errorf("the pod failure policy does not fail an index on exit 2: %+v", p)
	}
	for _, job := range append(jobs, merge...) {
		if d := job.Spec.ActiveDeadlineSeconds; d == nil || *d <= 0 {
			t.Errorf("%s: no activeDeadlineSeconds: a pod that never starts would keep it for ever", job.Name)
		}
		for _, b := range restricted(job.Name, &job.Spec.Template.Spec) {
			t.Error(b)
		}
	}
}

// TestImagePinned checks that the image is set once, for both jobs, and
// pinned by digest.
func TestImagePinned(t *testing.T) {
	var c struct {
		Kind   string
		Images []struct {
			Name, NewName, Digest string
		}
	}
	b, err := os.ReadFile("../image/kustomization.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if c.Kind != "Component" || len(c.Images) != 1 || c.Images[0].Name != "meldlab" {
		t.Fatalf("image/kustomization.yaml: %+v", c)
	}
	if !regexp.MustCompile(`^sha256:[0-9a-f]{64}$`).MatchString(c.Images[0].Digest) {
		t.Errorf("the image is not pinned by digest: %q", c.Images[0].Digest)
	}
	for _, k := range []string{"../sim/kustomization.yaml", "../merge/kustomization.yaml"} {
		b, err := os.ReadFile(k)
		if err != nil {
			t.Fatal(err)
		}
		var kz struct{ Components []string }
		if err := yaml.Unmarshal(b, &kz); err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(kz.Components, "../image") {
			t.Errorf("%s does not take the image from ../image", k)
		}
	}
}

// TestRestrictedCatchesAMissingField checks the check itself.
func TestRestrictedCatchesAMissingField(t *testing.T) {
	_, jobs := decode(t, "../sim/sim-job.yaml")
	spec := jobs[0].Spec.Template.Spec
	spec.SecurityContext.FSGroup = nil
	spec.Containers[0].SecurityContext.Capabilities = nil
	got := restricted("meldlab-sim", &spec)
	want := []string{"meldlab-sim: no fsGroup: a root-owned volume would not be writable",
		"meldlab-sim/sim: capabilities are not all dropped"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
