{{/* The name of every object: the release's, with the chart's name unless it already holds it. */}}
{{- define "notes.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* What selects the pods: stable across upgrades. */}}
{{- define "notes.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "notes.labels" -}}
{{ include "notes.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/*
The secret settings of the enabled parts, by name: each its value given in values.yaml and the
Secret named by existingSecret, which wins. The chart's own Secret holds the values of those without
one; the pod reads each from where it is.
*/}}
{{- define "notes.secretSettings" -}}
{{- $v := .Values -}}
{{- $settings := dict "ENCRYPTION_KEYS" $v.encryptionKeys "ADMIN_SECRET" $v.adminSecret -}}
{{- if $v.postgres.enabled -}}
{{- $_ := set $settings "DATABASE_URL" (dict "value" $v.postgres.url "existingSecret" $v.postgres.existingSecret) -}}
{{- end -}}
{{- if $v.upstash.enabled -}}
{{- $_ := set $settings "UPSTASH_REDIS_REST_URL" (dict "value" $v.upstash.url "existingSecret" $v.upstash.existingSecret) -}}
{{- $_ := set $settings "UPSTASH_REDIS_REST_TOKEN" (dict "value" $v.upstash.token "existingSecret" $v.upstash.existingSecret) -}}
{{- end -}}
{{- if $v.s3.enabled -}}
{{- $_ := set $settings "S3_ACCESS_KEY_ID" (dict "value" $v.s3.accessKeyId "existingSecret" $v.s3.existingSecret) -}}
{{- $_ := set $settings "S3_SECRET_ACCESS_KEY" (dict "value" $v.s3.secretAccessKey "existingSecret" $v.s3.existingSecret) -}}
{{- end -}}
{{- if $v.oidc.enabled -}}
{{- $_ := set $settings "OIDC_CLIENT_SECRET" (dict "value" $v.oidc.clientSecret "existingSecret" $v.oidc.existingSecret) -}}
{{- end -}}
{{- $_ := set $settings "SMTP_URL" (dict "value" $v.smtp.url "existingSecret" $v.smtp.existingSecret) -}}
{{- toYaml $settings -}}
{{- end -}}

{{/* The plain settings, by name; unset ones are left out. */}}
{{- define "notes.plainSettings" -}}
{{- $v := .Values -}}
{{- $settings := dict "PUBLIC_URL" $v.publicUrl "TRUST_PROXY" $v.trustProxy "MAIL_FROM" $v.smtp.mailFrom -}}
{{- $_ := set $settings "SHUTDOWN_DELAY_MS" (toString $v.drain.shutdownDelayMs) -}}
{{- $_ := set $settings "SHUTDOWN_GRACE_MS" (toString $v.drain.shutdownGraceMs) -}}
{{- if not $v.postgres.enabled -}}
{{- /* The service keeps DATA_DIR 0700 and its own: a folder inside the volume, whose root is root's. */ -}}
{{- $_ := set $settings "DATA_DIR" "/data/notes" -}}
{{- end -}}
{{- if $v.s3.enabled -}}
{{- $_ := set $settings "FILE_STORAGE" "s3" -}}
{{- $_ := set $settings "S3_BUCKET" $v.s3.bucket -}}
{{- $_ := set $settings "S3_REGION" $v.s3.region -}}
{{- $_ := set $settings "S3_ENDPOINT" $v.s3.endpoint -}}
{{- $_ := set $settings "S3_FORCE_PATH_STYLE" (ternary "true" "" $v.s3.forcePathStyle) -}}
{{- end -}}
{{- if $v.oidc.enabled -}}
{{- $_ := set $settings "OIDC_ISSUER" $v.oidc.issuer -}}
{{- $_ := set $settings "OIDC_CLIENT_ID" $v.oidc.clientId -}}
{{- end -}}
{{- toYaml (merge (deepCopy $v.env) $settings) -}}
{{- end -}}

{{/* Combinations that cannot work stop the rendering with a message saying why and what to set. */}}
{{- define "notes.validate" -}}
{{- $v := .Values -}}
{{- if and (not $v.postgres.enabled) (gt (int $v.replicaCount) 1) -}}
{{- fail (printf "replicaCount %d needs Postgres (postgres.enabled with postgres.url or postgres.existingSecret): the embedded database belongs to one process, and a second pod must never open its volume" (int $v.replicaCount)) -}}
{{- end -}}
{{- if and $v.postgres.enabled (not (or $v.postgres.url $v.postgres.existingSecret)) -}}
{{- fail "postgres.enabled needs postgres.url or postgres.existingSecret (a Secret with the key DATABASE_URL)" -}}
{{- end -}}
{{- if and $v.postgres.enabled (not (or $v.encryptionKeys.value $v.encryptionKeys.existingSecret)) -}}
{{- fail "Postgres needs encryptionKeys.value or encryptionKeys.existingSecret: every pod must seal with the same key (generate one: docker run --rm notes npm run --silent reseal -- generate-key)" -}}
{{- end -}}
{{- if and $v.upstash.enabled (not (or (and $v.upstash.url $v.upstash.token) $v.upstash.existingSecret)) -}}
{{- fail "upstash.enabled needs upstash.url and upstash.token, or upstash.existingSecret" -}}
{{- end -}}
{{- if and $v.s3.enabled (not $v.s3.bucket) -}}
{{- fail "s3.enabled needs s3.bucket" -}}
{{- end -}}
{{- if and $v.oidc.enabled (not (and $v.oidc.issuer $v.oidc.clientId (or $v.oidc.clientSecret $v.oidc.existingSecret))) -}}
{{- fail "oidc.enabled needs oidc.issuer, oidc.clientId, and oidc.clientSecret or oidc.existingSecret" -}}
{{- end -}}
{{- if and (or $v.oidc.enabled $v.smtp.url $v.smtp.existingSecret) (not $v.publicUrl) -}}
{{- fail "oidc and smtp need publicUrl: the provider's redirect and the links in emails are built from it" -}}
{{- end -}}
{{- if and $v.ingress.enabled (not $v.ingress.host) -}}
{{- fail "ingress.enabled needs ingress.host (notes.example.com)" -}}
{{- end -}}
{{- $probe := $v.readinessProbe -}}
{{- $probeMs := mul (add (default 1 $probe.timeoutSeconds) (mul $probe.periodSeconds (add $probe.failureThreshold 1))) 1000 -}}
{{- if lt (int $v.drain.shutdownDelayMs) (int $probeMs) -}}
{{- fail (printf "drain.shutdownDelayMs (%d) must be at least the longest the readiness probe takes to fail, readinessProbe.timeoutSeconds + periodSeconds x (failureThreshold + 1) (%d ms): else a stopping pod stops accepting while it is still sent requests" (int $v.drain.shutdownDelayMs) (int $probeMs)) -}}
{{- end -}}
{{- end -}}
