"""The links to this repository on Binder and to its JupyterLite site, for the GitHub
repository the clone's remote names (`make links`).

    python scripts/links.py            # the links of the remote `origin` (or of the only GitHub remote)
    python scripts/links.py --remote upstream

Binder builds a public GitHub repository (its `binder/` folder) and opens a notebook of it;
the JupyterLite site (`make lite`, build/lite/) is served by GitHub Pages once it is published
there. Both are named by the repository's owner and name, which only the clone's remote knows:
with no GitHub remote this says so and exits with status 1. Nothing is fetched: the links are
printed, not checked.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# https://github.com/OWNER/NAME(.git), with or without a user (and password) before the host;
# git@github.com:OWNER/NAME(.git); ssh://git@github.com(:22)/OWNER/NAME(.git); git://github.com/OWNER/NAME.git
GITHUB = re.compile(r"""^(?:(?:https?|ssh|git)://(?:[^@/]+@)?github\.com(?::\d+)?/   # a URL
                         |(?:[^@/]+@)?github\.com:)                                 # scp-like: git@github.com:
                        (?P<owner>[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)/
                        (?P<name>[A-Za-z0-9._-]+?)(?:\.git)?/?$""", re.VERBOSE | re.IGNORECASE)


@dataclass(frozen=True)
class Repository:
    owner: str
    name: str

    @property
    def slug(self) -> str:
        return f"{self.owner}/{self.name}"

    def binder(self, query: str) -> str:
        return f"https://mybinder.org/v2/gh/{self.slug}/HEAD?{query}"

    @property
    def pages(self) -> str:
        """The repository's GitHub Pages site (a repository named OWNER.github.io is the owner's site itself)."""
        site = f"https://{self.owner.lower()}.github.io"
        return f"{site}/" if self.name.lower() == f"{self.owner.lower()}.github.io" else f"{site}/{self.name}/"


def github_repository(url: str) -> Repository | None:
    """The GitHub owner and name a remote's URL names, or None if it is not a GitHub repository."""
    found = GITHUB.match(url.strip())
    return Repository(found["owner"], found["name"]) if found else None


def remotes(folder: Path = ROOT) -> dict[str, str]:
    """The clone's remotes, name -> fetch URL (empty when there are none, or `folder` is not a git clone)."""
    try:
        done = subprocess.run(["git", "-C", str(folder), "remote", "-v"], capture_output=True, text=True,
                              timeout=30)
    except OSError:          # no git
        return {}
    found = {}
    for line in done.stdout.splitlines() if done.returncode == 0 else []:
        parts = line.split()
        if len(parts) >= 2 and (len(parts) < 3 or parts[2] == "(fetch)"):
            found.setdefault(parts[0], parts[1])
    return found


def choose(found: dict[str, str], wanted: str | None = None) -> tuple[str, Repository] | str:
    """The remote to take the links from, or the sentence saying why there is none."""
    if wanted is not None:
        if wanted not in found:
            return f"This clone has no remote called {wanted!r}" + (
                f" (its remotes: {', '.join(sorted(found))})." if found else ".")
        repository = github_repository(found[wanted])
        if repository is None:
            return f"The remote {wanted!r} is not a GitHub repository."
        return wanted, repository
    github = {name: repo for name, url in found.items() if (repo := github_repository(url))}
    if "origin" in github:
        return "origin", github["origin"]
    if len(github) == 1:
        (name, repository), = github.items()
        return name, repository
    if len(github) > 1:
        return (f"This clone has several GitHub remotes ({', '.join(sorted(github))}): "
                "choose one with --remote NAME.")
    if found:
        return (f"No GitHub remote: this clone's remotes ({', '.join(sorted(found))}) are not on GitHub, "
                "and Binder and GitHub Pages serve a GitHub repository.")
    return "No GitHub remote: this clone has no remote at all, so the repository has no home yet."


def home(folder: Path = ROOT, environ=None) -> tuple[Repository | None, str]:
    """The repository the published site and the README link to: $GITHUB_REPOSITORY (OWNER/NAME, as
    GitHub Actions sets it), else the clone's GitHub remote; (None, why) when neither names one."""
    environ = os.environ if environ is None else environ
    named = environ.get("GITHUB_REPOSITORY", "")
    if named:
        repository = github_repository(f"https://github.com/{named}")
        if repository is None:
            return None, f"GITHUB_REPOSITORY={named!r} is not OWNER/NAME."
        return repository, ""
    return chosen_repository(folder)


def chosen_repository(folder: Path = ROOT, wanted: str | None = None) -> tuple[Repository | None, str]:
    """The clone's GitHub remote (`wanted`, or as `choose` picks it) and "", or (None, why)."""
    chosen = choose(remotes(folder), wanted)
    return (None, chosen) if isinstance(chosen, str) else (chosen[1], "")


#: what the links open: the start notebook in JupyterLab, the app in Voilà (on Binder), and the
#: start notebook in the JupyterLite site inside the published course site
START = "labpath=notebooks/00_start_here.ipynb"
APP = "urlpath=voila/render/notebooks/app.ipynb"
LITE_START = "lite/lab/index.html?path=00_start_here.ipynb"


def links(repository: Repository) -> list[tuple[str, str]]:
    """(what it opens, link), for the README and the teachers."""
    return [
        ("Binder: the start notebook in JupyterLab", repository.binder(START)),
        ("Binder: the game app in Voilà", repository.binder(APP)),
        ("Binder: the Danish start notebook", repository.binder("labpath=notebooks/da/00_start_here.ipynb")),
        ("JupyterLite, once the release has published the course site (with it in lite/) on GitHub Pages",
         f"{repository.pages}{LITE_START}"),
        ("The course site (every notebook as it looks after it ran), on GitHub Pages", repository.pages),
    ]


BEGIN, END = "<!-- links: written by `make readme-links` from the repository's GitHub remote -->", "<!-- /links -->"


def readme_block(repository: Repository | None, why: str = "") -> str:
    """The README's badges and links for `repository` (between BEGIN and END), or, with none, the
    sentence saying why there are none yet."""
    if repository is None:
        body = (f"No links yet. {why or 'This clone has no GitHub remote.'} `make readme-links` writes the "
                "badges and the Binder, course site and JupyterLite links here once it has one.")
        return f"{BEGIN}\n{body}\n{END}"
    slug, pages = repository.slug, repository.pages
    binder = repository.binder(START)
    lines = [
        f"[![tests](https://github.com/{slug}/actions/workflows/test.yml/badge.svg)]"
        f"(https://github.com/{slug}/actions/workflows/test.yml)",
        f"[![release](https://github.com/{slug}/actions/workflows/release.yml/badge.svg)]"
        f"(https://github.com/{slug}/actions/workflows/release.yml)",
        f"[![Binder](https://mybinder.org/badge_logo.svg)]({binder})",
        "",
        f"[The course site]({pages}) · [JupyterLite: the notebooks in the browser]"
        f"({pages}{LITE_START}) · [Binder: the start notebook in JupyterLab]({binder})"
        f" · [Binder: the game app in Voilà]({repository.binder(APP)})",
    ]
    return "\n".join([BEGIN, *lines, END])


def readme_part(text: str) -> str | None:
    """The links block of a README's text, or None if it has none (or more than one)."""
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        return None
    return text[text.index(BEGIN):text.index(END) + len(END)]


def write_readme(readme: Path, block: str) -> bool:
    """Put `block` in place of the README's links block; whether the file changed."""
    text = readme.read_text(encoding="utf-8")
    part = readme_part(text)
    if part is None:
        raise ValueError(f"{readme} has no single links block ({BEGIN} ... {END})")
    if part == block:
        return False
    readme.write_text(text.replace(part, block), encoding="utf-8")
    return True


def main(argv: list[str] | None = None, folder: Path = ROOT, out=None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="make links", description=__doc__.split("\n\n")[0])
    parser.add_argument("--remote", metavar="NAME", help="the remote to read (default: origin, or the only "
                                                         "GitHub remote)")
    parser.add_argument("--write-readme", action="store_true",
                        help="write the badges and links into README.md (make readme-links)")
    args = parser.parse_args(argv)
    if args.write_readme:
        repository, why = home(folder) if args.remote is None else chosen_repository(folder, args.remote)
        block = readme_block(repository, why)
        changed = write_readme(folder / "README.md", block)
        print(("Wrote" if changed else "Unchanged:") + f" README.md's links block:\n{block}", file=out)
        return 0
    chosen = choose(remotes(folder), args.remote)
    if isinstance(chosen, str):
        print(chosen, file=sys.stderr)
        print("Put the repository on GitHub (public, for Binder), add it as a remote "
              "(git remote add origin https://github.com/OWNER/NAME.git) and run `make links` again.",
              file=sys.stderr)
        return 1
    remote, repository = chosen
    print(f"Links for the GitHub repository {repository.slug} (the remote {remote!r}):", file=out)
    for what, link in links(repository):
        print(f"\n{what}:\n  {link}", file=out)
    print("\nAs Markdown, for the README:", file=out)
    for what, link in links(repository)[:2]:
        print(f"[{what.split(': ', 1)[1]}]({link})", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
