#!/usr/bin/env bash
# Shows that the package graph has no cycle: none between the packages of one module, none
# between modules. jdeps reads each module's compiled classes (what its jar holds) and gives the
# package edges; a short Python pass maps packages to modules and looks for strongly connected
# components. One line per module; exit 1 on a cycle or on a package found in two modules.
#
#   scripts/checks/no-cycles.sh            use the classes built (compiles the modules first if any is missing)
#   scripts/checks/no-cycles.sh --build    compile the modules first, offline
#   scripts/checks/no-cycles.sh --tree     also print `mvn -q dependency:tree` of harness-core's modules
set -euo pipefail

cd "$(dirname "$0")/../.."

build=false
tree=false
for arg in "$@"; do
  case "$arg" in
    --build) build=true ;;
    --tree) tree=true ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "unknown argument: $arg (try --help)" >&2; exit 2 ;;
  esac
done

command -v jdeps >/dev/null || { echo "jdeps not found: it comes with the JDK (17 or later)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 not found" >&2; exit 2; }

# The modules with classes of their own: every jar module outside src-test.
modules=()
while IFS= read -r pom; do
  grep -q '<packaging>pom</packaging>' "$pom" || modules+=("$(dirname "$pom")")
done < <(find harness-core drivers storage-agent campaigns harness-cli -name pom.xml -not -path '*/target/*' | sort)

missing=false
for module in "${modules[@]}"; do
  [[ -d "$module/target/classes" ]] || missing=true
done
if $build || $missing; then
  echo "compiling ${#modules[@]} modules (mvn -B -o -q compile)" >&2
  mvn -B -o -q compile -pl "$(IFS=,; echo "${modules[*]}")" -am >&2
fi

jdeps_out=$(mktemp)
trap 'rm -f "$jdeps_out"' EXIT
classes=()
for module in "${modules[@]}"; do classes+=("$module/target/classes"); done
jdeps -verbose:package -e '^io\.commitbench\..*' "${classes[@]}" >"$jdeps_out"

status=0
python3 - "$jdeps_out" "${modules[@]}" <<'PY' || status=$?
import os
import re
import sys
import xml.etree.ElementTree as ET

jdeps_out, module_dirs = sys.argv[1], sys.argv[2:]
NS = {"m": "http://maven.apache.org/POM/4.0.0"}


def artifact_id(module_dir):
    return ET.parse(os.path.join(module_dir, "pom.xml")).getroot().find("m:artifactId", NS).text


# package -> modules holding it, from the class files on disk
owner, split = {}, []
names = {}
for module_dir in module_dirs:
    name = artifact_id(module_dir)
    names[module_dir] = name
    root = os.path.join(module_dir, "target", "classes")
    for folder, _, files in os.walk(root):
        if any(f.endswith(".class") for f in files):
            package = os.path.relpath(folder, root).replace(os.sep, ".")
            if package in owner and owner[package] != name:
                split.append(f"{package} is in {owner[package]} and {name}")
            owner[package] = name

# package edges from jdeps: "   io.a.b   -> io.a.c   classes"
edges = {}
for line in open(jdeps_out):
    match = re.match(r"\s+(\S+)\s+->\s+(\S+)", line)
    if match and match.group(1) in owner and match.group(2) in owner:
        edges.setdefault(match.group(1), set()).add(match.group(2))


def components(nodes, successors):
    """Tarjan's strongly connected components of more than one node."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(successors.get(node, ())):
            if nxt not in nodes:
                continue
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(set(component))

    sys.setrecursionlimit(10000)
    for node in sorted(nodes):
        if node not in index:
            visit(node)
    return found


def cycle_in(component, successors):
    """One cycle through a component, as a path that ends where it starts."""
    start = min(component)
    path, seen = [start], {start}
    while True:
        nxt = sorted(n for n in successors.get(path[-1], ()) if n in component)
        back = [n for n in nxt if n == start]
        if back and len(path) > 1:
            return path + [start]
        fresh = [n for n in nxt if n not in seen]
        step = fresh[0] if fresh else nxt[0]
        if step in seen:
            return path[path.index(step):] + [step]
        path.append(step)
        seen.add(step)


failed = bool(split)
for problem in split:
    print(f"SPLIT  {problem}")

module_edges = {}
for origin, targets in edges.items():
    for target in targets:
        if owner[origin] != owner[target]:
            module_edges.setdefault(owner[origin], set()).add(owner[target])

width = max(len(n) for n in names.values())
for module_dir in module_dirs:
    name = names[module_dir]
    packages = {p for p, o in owner.items() if o == name}
    cycles = components(packages, edges)
    uses = ", ".join(sorted(module_edges.get(name, ()))) or "no module of ours"
    if cycles:
        failed = True
        for component in cycles:
            print(f"CYCLE  {name:<{width}}  packages: {' -> '.join(cycle_in(component, edges))}")
    else:
        print(f"ok     {name:<{width}}  {len(packages):>2} packages, no cycle; uses {uses}")

module_cycles = components(set(names.values()), module_edges)
for component in module_cycles:
    failed = True
    print(f"CYCLE  modules: {' -> '.join(cycle_in(component, module_edges))}")
if not module_cycles:
    print(f"ok     {len(names)} modules, no cycle between them")
sys.exit(1 if failed else 0)
PY

if $tree; then
  core=$(find harness-core -mindepth 2 -maxdepth 2 -name pom.xml | xargs -n1 dirname | sort | paste -sd,)
  tree_out=$(mktemp)
  trap 'rm -f "$jdeps_out" "$tree_out"' EXIT
  # The plugin's version is pinned: Maven's default (2.8) needs artifacts a local repository rarely holds.
  mvn -B -o -q org.apache.maven.plugins:maven-dependency-plugin:3.8.1:tree -pl "$core" \
    -DoutputFile="$tree_out" -DappendOutput=true >&2
  cat "$tree_out"
fi
exit "$status"
