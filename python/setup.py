"""The Rust part of the `libsudoku` distribution's build (everything else is in pyproject.toml).

The package loads the crate's cdylib with ctypes: there is no Python binding in the crate,
so setuptools-rust builds it with `cargo rustc --lib --release --crate-type cdylib`
(Binding.NoBinding) and copies it into the package as `libsudoku/_libsudoku.abi3.so`.

Where the crate is:

- in a checkout, one directory up: `../Cargo.toml`, the workspace root;
- in an sdist, in `rust/` beside this file: the sdist command stages there the pieces of the
  workspace the library builds from (the library's package: Cargo.lock, build.rs,
  cbindgen.toml, README.md, src/, include/, cmake/; and the directory of every workspace
  crate it depends on by path, core/ today) under a trimmed root manifest whose workspace
  has just those members and no bench, test or example targets (their sources are not
  staged). The staged Cargo.lock is the checkout's, pruned by cargo to the staged
  workspace, and the sdist builds with `--locked` against it.
"""

import json
import os
import re
import shutil
import subprocess

from setuptools import setup
from setuptools.command.sdist import sdist
from setuptools_rust import Binding, RustExtension

STAGED_DIR = "rust"
STAGED_MANIFEST = os.path.join(STAGED_DIR, "Cargo.toml")
CHECKOUT_MANIFEST = os.path.join("..", "Cargo.toml")

# The licence texts (pyproject.toml's license-files) are the repository root's: in a
# checkout they are copied beside this file for the build, and an sdist holds them.
if os.path.exists(CHECKOUT_MANIFEST):
    for name in ("LICENSE-MIT", "LICENSE-APACHE"):
        shutil.copyfile(os.path.join("..", name), name)

# The files and directories of the library's own package that its build reads.
PACKAGE_PIECES = ["Cargo.lock", "build.rs", "cbindgen.toml", "README.md", "src", "include", "cmake"]
# Target tables whose sources are not staged.
DROPPED_TABLES = {"[[bench]]", "[[test]]", "[[example]]"}
IGNORED = shutil.ignore_patterns("target", "__pycache__", "*.pyc")


def cargo_metadata(manifest, no_deps):
    """`cargo metadata` of a manifest, as a dict."""
    command = ["cargo", "metadata", "--format-version", "1", "--manifest-path", manifest]
    if no_deps:
        command.append("--no-deps")
    out = subprocess.run(command, check=True, stdout=subprocess.PIPE).stdout
    return json.loads(out)


def path_members(metadata, root_manifest):
    """The workspace directories (relative to the root) the root package depends on by path,
    directly or through each other, in a stable order."""
    root_dir = os.path.dirname(os.path.abspath(root_manifest))
    by_dir = {os.path.dirname(p["manifest_path"]): p for p in metadata["packages"]}
    found, todo = [], [root_dir]
    while todo:
        package = by_dir[todo.pop()]
        for dep in package["dependencies"]:
            path = dep.get("path")
            if path is None or path == root_dir or path in found:
                continue
            rel = os.path.relpath(path, root_dir)
            if rel.startswith(os.pardir) or os.path.isabs(rel):
                raise SystemExit("%s depends on %s, outside the workspace" % (package["name"], path))
            if path not in by_dir:
                raise SystemExit("%s depends on %s, not a workspace member" % (package["name"], path))
            found.append(path)
            todo.append(path)
    return sorted(os.path.relpath(p, root_dir).replace(os.sep, "/") for p in found)


def trimmed_manifest(text, members):
    """The root manifest with `members` as the workspace's members and default members, and
    without bench, test and example targets."""
    out, table, skipping, in_array = [], None, False, False
    replaced = set()
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if in_array:
            in_array = "]" not in stripped
            continue
        if stripped.startswith("["):
            table = stripped.split("#", 1)[0].strip()
            skipping = table in DROPPED_TABLES
        if skipping:
            continue
        key = re.match(r"(default-members|members)\s*=", stripped)
        if table == "[workspace]" and key:
            out.append("%s = %s\n" % (key.group(1), json.dumps(members)))
            replaced.add(key.group(1))
            in_array = "]" not in stripped
            continue
        out.append(line)
    if "members" not in replaced:
        raise SystemExit("the root Cargo.toml has no [workspace] members line to trim")
    return "".join(out)


def stage_workspace(root_manifest, dest):
    """Copies the pieces of the workspace the library builds from into `dest`."""
    root = os.path.dirname(os.path.abspath(root_manifest))
    members = path_members(cargo_metadata(root_manifest, no_deps=True), root_manifest)
    os.makedirs(dest)
    for piece in PACKAGE_PIECES + members:
        source = os.path.join(root, piece)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(dest, piece), ignore=IGNORED)
        else:
            shutil.copy2(source, os.path.join(dest, piece))
    with open(os.path.join(root, "Cargo.toml"), encoding="utf-8") as f:
        manifest = trimmed_manifest(f.read(), ["."] + members)
    with open(os.path.join(dest, "Cargo.toml"), "w", encoding="utf-8") as f:
        f.write(manifest)
    # Resolving the staged workspace checks its manifests and prunes Cargo.lock to it,
    # keeping every locked version.
    staged = cargo_metadata(os.path.join(dest, "Cargo.toml"), no_deps=False)
    if len(staged["workspace_members"]) != 1 + len(members):
        raise SystemExit("the staged workspace has members %s" % staged["workspace_members"])


class StagingSdist(sdist):
    """sdist that also carries the library's part of the workspace in rust/."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        dest = os.path.join(base_dir, STAGED_DIR)
        if os.path.exists(dest):
            shutil.rmtree(dest)
        if os.path.exists(STAGED_MANIFEST):
            # An sdist made from an unpacked sdist carries its staged copy on.
            shutil.copytree(STAGED_DIR, dest, ignore=IGNORED)
        else:
            stage_workspace(CHECKOUT_MANIFEST, dest)


if os.path.exists(STAGED_MANIFEST):
    manifest, cargo_args = STAGED_MANIFEST, ["--locked"]
else:
    manifest, cargo_args = CHECKOUT_MANIFEST, []

setup(
    rust_extensions=[
        RustExtension(
            "libsudoku._libsudoku",
            path=manifest,
            binding=Binding.NoBinding,
            py_limited_api=True,
            cargo_manifest_args=cargo_args,
        )
    ],
    cmdclass={"sdist": StagingSdist},
)
