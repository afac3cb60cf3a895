"""The getting-started article, as a newcomer follows it: its Package.swift lines resolve (a path
dependency named as the article says), and its example app (Examples/GettingStarted, a public
client) runs against the real binary set up with the article's commands: a guest signs in, deposits,
bets, takes the welcome reward once, finds offers from the network then from the cache, and is
refused a withdrawal it cannot pay. Run again, it is the same guest, and the reward is not given twice."""

import os
import re
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import ROOT

ARTICLE = ROOT / "Sources/PlayhouseKit/PlayhouseKit.docc/GettingStarted.md"
# scripts/test builds the SDK package into Server/.build; a plain `swift build` into .build.
EXAMPLE = Path(os.environ.get("PLAYHOUSE_EXAMPLE_BIN") or next(
    (path for path in (ROOT / "Server/.build/debug/GettingStarted", ROOT / ".build/debug/GettingStarted") if path.exists()),
    ROOT / "Server/.build/debug/GettingStarted"))


def manifest_block(markdown):
    blocks = re.findall(r"```swift\n(.*?)```", markdown, re.S)
    return next(block for block in blocks if ".package(" in block)


@pytest.mark.parametrize("document", [ARTICLE, ROOT / "README.md"], ids=["article", "readme"])
def test_the_documented_manifest_resolves(document):
    block = manifest_block(document.read_text())
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "playhouse").symlink_to(ROOT)
        app = Path(folder) / "app"
        (app / "Sources/MyGame").mkdir(parents=True)
        (app / "Sources/MyGame/main.swift").write_text("import PlayhouseKit\n")
        local = re.sub(r'\.package\(url: "[^"]*playhouse\.git", branch: "main"\)', '.package(path: "../playhouse")', block)
        assert local != block, "the block names the package by its URL"
        (app / "Package.swift").write_text("// swift-tools-version:6.0\nimport PackageDescription\n\nlet package = Package(\n"
                                           '    name: "MyGame",\n    platforms: [.macOS(.v12), .iOS(.v15)],\n' + local + ")\n")
        resolved = subprocess.run(["swift", "package", "show-dependencies"], cwd=app, capture_output=True, text=True, timeout=300)
        assert resolved.returncode == 0, resolved.stdout + resolved.stderr
        assert "playhouse" in resolved.stdout


@pytest.fixture(scope="module")
def example_app(playhouse):
    app = playhouse.create_app("My Game", "--public", "--redirect-uri", "mygame://authorize")
    client_id = app["client_id"]
    # The article's set-up commands.
    playhouse.cli("currencies", "add", client_id, "EUR")
    playhouse.cli("currencies", "add", client_id, "KRD", "--kind", "virtual", "--name", "Kredits")
    playhouse.cli("games", "import", client_id, str(ROOT / "Server/Examples/games/lucky-sevens.json"))
    playhouse.cli("content", "import", client_id, str(ROOT / "Server/Examples/content/content.yaml"))
    playhouse.cli("catalog", "import", client_id, str(ROOT / "Server/Examples/catalog/catalog.json"))
    return app


def run_example(playhouse, app, home):
    if not EXAMPLE.exists():
        pytest.fail(f"{EXAMPLE} does not exist: build it with `swift build --product GettingStarted`")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PLAYHOUSE_")}
    # Where the SDK keeps the installation id, the tokens, the claimed rewards and the catalog cache.
    env.update(PLAYHOUSE_URL=playhouse.base_url, PLAYHOUSE_CLIENT_ID=app["client_id"], XDG_DATA_HOME=home, HOME=home,
               LANG="en_US.UTF-8")
    result = subprocess.run([str(EXAMPLE)], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_the_example_app_does_what_the_article_says(playhouse, example_app):
    with tempfile.TemporaryDirectory() as home:
        first = run_example(playhouse, example_app, home)
        assert re.search(r"^Guest: [0-9a-f-]{36} new guest$", first, re.M), first
        assert re.search(r"^Deposit: completed 20\.00 EUR balance 20\.00 EUR$", first, re.M), first
        stake = re.search(r"^Bet: stake 1 payout ([0-9.]+) balance ([0-9.]+)$", first, re.M)
        assert stake, first
        assert abs(float(stake.group(2)) - (20 - 1 + float(stake.group(1)))) < 1e-9
        assert "Showing: Welcome!" in first and re.search(r"^Reward: 50 gems$", first, re.M), first
        sources = re.findall(r"^Offers from the (cache|network): (.+)$", first, re.M)
        assert [source for source, _ in sources] == ["network", "cache"], first
        assert sources[0][1] == sources[1][1] and sources[0][1].strip(), "the same offers, near Copenhagen"
        assert "Alert: The sandbox EUR balance is too low for this." in first, first
        assert first.rstrip().endswith("Done."), first

        # The next launch: the installation id was kept, so it is the same guest, and the reward,
        # shown once per player, is not given again.
        second = run_example(playhouse, example_app, home)
        guest = re.search(r"^Guest: ([0-9a-f-]{36})", first, re.M).group(1)
        assert re.search(rf"^Guest: {guest} returning guest$", second, re.M), second
        assert "Reward:" not in second, second
        assert second.rstrip().endswith("Done."), second
