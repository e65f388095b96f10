"""The checkers a handover snippet must pass, each a function of a folder the snippets were written
into (`carousel-preview handover SETTINGS --out FOLDER`) that returns the problems it found:
- Swift: this engine's with `swiftc -typecheck` against CarouselCore; SwiftUI and UIKit typechecked
  for iOS 16 against the project's stub modules (stubs/), written from Apple's documented signatures
  and availability, with Embedded Swift's iOS standard library: unlike Linux's it enforces
  `@available`, so an iOS 17 call without a guard fails (errors Embedded Swift alone raises, such
  as `weak`, say nothing about iOS and are left out);
- the web libraries: `node --check`, then `tsc --noEmit` against the project's declaration files
  (types/) with `// @ts-check`: an unknown or misspelled option is an excess property;
- Kotlin and Dart: a tree-sitter parse with no error node, and every named argument of a call in
  stubs/compose.json or stubs/flutter.json among that call's documented parameters.
"""

import json
import pathlib
import subprocess

import tree_sitter
import tree_sitter_dart
import tree_sitter_kotlin

HERE = pathlib.Path(__file__).parent
STUBS = HERE / "stubs"
TYPES = HERE / "types"


def run(command, cwd=None):
    """The command's complaint, or None when it exits 0."""
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300)
    if done.returncode == 0:
        return None
    return f"{' '.join(str(part) for part in command[:2])}: {(done.stdout + done.stderr).strip()[:2000]}"


# Typecheck for iOS 16 with Embedded Swift's iOS library (the one on Linux that knows iOS
# availability; its minimum is iOS 18, hence the OS check turned off).
IOS = ["-target", "arm64-apple-ios16.0", "-enable-experimental-feature", "Embedded", "-wmo",
       "-Xfrontend", "-disable-target-os-checking", "-diagnostic-style=llvm"]
STUB_MODULES = [("_Concurrency", "Concurrency"), ("Foundation", "Foundation"), ("SwiftUI", "SwiftUI"),
                ("UIKit", "UIKit")]


def build_stub_modules(folder):
    """Compiles stubs/*.swift into iOS modules in `folder`, each after those it imports."""
    for name, file in STUB_MODULES:
        extra = ["-Xfrontend", "-disable-implicit-concurrency-module-import"] if name == "_Concurrency" else []
        problem = run(
            ["swiftc", *IOS, *extra, "-parse-as-library", "-emit-module", "-module-name", name, f"-I{folder}",
             str(STUBS / f"{file}.swift"), "-emit-module-path", str(folder / f"{name}.swiftmodule")]
        )
        assert problem is None, problem


def check_swift(path, modules):
    """This engine's file: statements against CarouselCore, for this machine."""
    library = ["-parse-as-library"] if "import CarouselCore" not in path.read_text() else []
    return run(["swiftc", "-typecheck", *library, "-swift-version", "5", *(f"-I{m}" for m in modules), str(path)])


def check_swift_ios(path, stub_folder):
    """A SwiftUI or UIKit file typechecked for iOS 16 against the stubs: its errors, but those
    Embedded Swift raises for itself ([#EmbeddedRestrictions])."""
    done = subprocess.run(
        ["swiftc", *IOS, "-typecheck", "-parse-as-library", f"-I{stub_folder}", str(path)],
        capture_output=True, text=True, timeout=300,
    )
    errors = [line for line in (done.stdout + done.stderr).splitlines()
              if ": error: " in line and "[#EmbeddedRestrictions]" not in line]
    if done.returncode != 0 and not errors and "[#EmbeddedRestrictions]" not in done.stderr:
        errors = [done.stderr.strip()[:2000] or f"swiftc exited {done.returncode}"]
    return "\n".join(errors)[:2000] if errors else None


def check_web(paths):
    """`node --check` each file as an ES module, then tsc over them all with the declarations."""
    problems = []
    for path in paths:
        (path.parent / "package.json").write_text('{"type": "module"}\n')
        problems.append(run(["node", "--check", str(path)]))
    problems.append(
        run(["tsc", "--noEmit", "--allowJs", "--checkJs", "--strict", "--target", "es2020", "--module", "es2020",
             "--moduleResolution", "node", "--lib", "es2020,dom", *map(str, sorted(TYPES.glob("*.d.ts"))),
             *map(str, paths)])
    )
    return [problem for problem in problems if problem]


LANGUAGES = {".kt": (tree_sitter_kotlin, "compose.json"), ".dart": (tree_sitter_dart, "flutter.json")}


def check_parsed(path):
    """Error nodes of the parse, then named arguments no documented parameter has."""
    grammar, table = LANGUAGES[path.suffix]
    source = path.read_bytes()
    tree = tree_sitter.Parser(tree_sitter.Language(grammar.language())).parse(source)
    problems = []
    for node in walk(tree.root_node):
        if node.is_error or node.is_missing:
            row, column = node.start_point
            problems.append(f"{path.name}:{row + 1}:{column + 1}: does not parse near {node.text[:40]!r}")
    signatures = json.loads((STUBS / table).read_text())
    calls = kotlin_named_arguments if path.suffix == ".kt" else dart_named_arguments
    for callee, label, node in calls(tree.root_node):
        known = signatures.get(callee, signatures.get(callee.split(".")[-1]))
        row = node.start_point[0] + 1
        if known is None:
            problems.append(f"{path.name}:{row}: {callee}(...) is not in stubs/{table}")
        elif label not in known:
            problems.append(f"{path.name}:{row}: {callee} has no parameter {label!r} (it has {', '.join(known)})")
    return problems


def walk(node):
    yield node
    for child in node.children:
        yield from walk(child)


def kotlin_named_arguments(root):
    """(callee, label, node) for each `callee(label = value)`."""
    for node in walk(root):
        if node.type != "value_argument" or len(node.children) < 3 or node.children[1].type != "=":
            continue
        call = node.parent.parent
        if call.type == "call_expression":
            yield call.children[0].text.decode(), node.children[0].text.decode(), node


def dart_named_arguments(root):
    """(callee, label, node) for each `Callee(label: value)`, `Type.named(label: value)` or
    `receiver.method(label: value)`."""
    for node in walk(root):
        if node.type != "named_argument":
            continue
        arguments = node.parent
        holder = arguments.parent
        if holder.type == "argument_part":
            selector = holder.parent
            callee = dart_callee(selector)
        else:
            callee = "".join(
                child.text.decode() for child in holder.children if child.type not in ("arguments", "const_builtin", "new_builtin")
            ).replace("const", "").strip()
        yield callee, node.children[0].text.decode().rstrip(":").strip(), node


def dart_callee(selector):
    """The name before a call's selector: `PageView.builder`, `_controller.nextPage`, `Padding`."""
    parts = []
    sibling = selector.prev_sibling
    while sibling is not None:
        if sibling.type == "selector" and sibling.children[0].type == "unconditional_assignable_selector":
            parts.insert(0, sibling.text.decode())
        elif sibling.type in ("identifier", "type_identifier"):
            parts.insert(0, sibling.text.decode())
            break
        else:
            break
        sibling = sibling.prev_sibling
    return "".join(parts)
