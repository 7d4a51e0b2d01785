// helm-render renders a Helm chart's templates to the objects they make, for the chart's unit test
// (scripts/container/helm-chart.test.ts). It is NOT `helm template`: no helm binary can be installed
// on our machines. What renders here is what Helm uses itself, Go's text/template and sprig
// (github.com/Masterminds/sprig/v3), with Helm's own parts re-implemented below as Helm does them:
// the values (values.yaml, then each -f file merged over it, maps deeply, null deleting a key; read
// with sigs.k8s.io/yaml, so numbers are float64 as in Helm), .Release, .Chart, the functions include,
// toYaml, fromYaml and required (sprig has fail), missing values rendering as "", and files named _*
// defining templates only.
//
// It lacks, compared with `helm template`: checking values against values.schema.json (the test does
// it with Ajv), tpl, toJson, fromJson, toToml and the other functions the chart does not use, lookup,
// .Files, .Capabilities, .Template, .Subcharts and dependencies, hooks, NOTES.txt, --set, --namespace
// and a release name other than "notes", and sorting the objects by kind (they come in file order).
//
// Build without any download, from Debian's packages golang-go, golang-github-masterminds-sprig-dev
// and golang-k8s-sigs-yaml-dev:
//
//	GO111MODULE=off GOPATH=/usr/share/gocode go build -o helm-render scripts/helm-render/main.go
//
// Use: helm-render CHART_DIR [-f VALUES.yaml]... > objects.yaml (a failing template: its message on
// stderr, exit status 1).
package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig" // version 3: Debian lays it out without /v3
	"sigs.k8s.io/yaml"
)

type values = map[string]interface{}

func readYaml(file string, into interface{}) {
	text, err := os.ReadFile(file)
	if err == nil {
		err = yaml.Unmarshal(text, into)
	}
	if err != nil {
		fail(fmt.Errorf("%s: %w", file, err))
	}
}

// merge lays over on base as Helm coalesces values: maps merge deeply, null deletes, else over wins.
func merge(base, over values) values {
	for key, value := range over {
		baseMap, baseIsMap := base[key].(values)
		overMap, overIsMap := value.(values)
		switch {
		case value == nil:
			delete(base, key)
		case baseIsMap && overIsMap:
			base[key] = merge(baseMap, overMap)
		default:
			base[key] = value
		}
	}
	return base
}

// Helm's toYaml: sigs.k8s.io/yaml, without the final newline; "" when it cannot be said in YAML.
func toYaml(value interface{}) string {
	text, err := yaml.Marshal(value)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(string(text), "\n")
}

// Helm's fromYaml: a map, or a map holding only "Error" when the text is not one.
func fromYaml(text string) values {
	parsed := values{}
	if err := yaml.Unmarshal([]byte(text), &parsed); err != nil {
		parsed["Error"] = err.Error()
	}
	return parsed
}

func required(message string, value interface{}) (interface{}, error) {
	if value == nil || value == "" {
		return value, errors.New(message)
	}
	return value, nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

func main() {
	if len(os.Args) < 2 {
		fail(errors.New("use: helm-render CHART_DIR [-f VALUES.yaml]..."))
	}
	chartDir := os.Args[1]
	vals := values{}
	readYaml(filepath.Join(chartDir, "values.yaml"), &vals)
	for i := 2; i < len(os.Args); i += 2 {
		if os.Args[i] != "-f" || i+1 >= len(os.Args) {
			fail(fmt.Errorf("unexpected argument %q", os.Args[i]))
		}
		over := values{}
		readYaml(os.Args[i+1], &over)
		vals = merge(vals, over)
	}
	var chart struct {
		Name, Version, AppVersion, Description, Type, APIVersion string
	}
	readYaml(filepath.Join(chartDir, "Chart.yaml"), &chart)
	top := values{
		"Values":  vals,
		"Chart":   chart,
		"Release": values{"Name": "notes", "Namespace": "default", "Service": "Helm", "IsInstall": true, "IsUpgrade": false, "Revision": 1},
	}

	root := template.New(chart.Name).Option("missingkey=zero")
	funcs := sprig.TxtFuncMap()
	delete(funcs, "env")
	delete(funcs, "expandenv")
	for name, function := range map[string]interface{}{
		"toYaml": toYaml, "fromYaml": fromYaml, "required": required,
		"include": func(name string, data interface{}) (string, error) {
			var out bytes.Buffer
			err := root.ExecuteTemplate(&out, name, data)
			return out.String(), err
		},
	} {
		funcs[name] = function
	}
	root.Funcs(funcs)

	files, _ := filepath.Glob(filepath.Join(chartDir, "templates", "*"))
	sort.Strings(files)
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			fail(err)
		}
		name := chart.Name + "/templates/" + filepath.Base(file)
		if _, err := root.New(name).Parse(string(text)); err != nil {
			fail(err)
		}
	}
	for _, file := range files {
		base := filepath.Base(file)
		if strings.HasPrefix(base, "_") || !(strings.HasSuffix(base, ".yaml") || strings.HasSuffix(base, ".yml")) {
			continue
		}
		var out bytes.Buffer
		if err := root.ExecuteTemplate(&out, chart.Name+"/templates/"+base, top); err != nil {
			fail(err)
		}
		rendered := strings.ReplaceAll(out.String(), "<no value>", "")
		if strings.TrimSpace(rendered) != "" {
			fmt.Printf("---\n# Source: %s/templates/%s\n%s\n", chart.Name, base, strings.TrimSpace(rendered))
		}
	}
}
