"""Game data against the real binary: the example data set imported with the CLI, read over plain
HTTP in one locale and in all of them, revalidated with its ETag, a second import's changes, a
rollback, and a directory with problems refused whole."""

import json
import shutil

import requests

from conftest import ROOT

EXAMPLE = ROOT / "Server/Examples/game-data"


def app_headers(playhouse, app):
    token = requests.post(playhouse.base_url + "/oauth/token", data={"grant_type": "client_credentials"},
                          auth=(app["client_id"], app["client_secret"]), timeout=10).json()["access_token"]
    return {"Authorization": "Bearer " + token}


def test_the_example_data_is_read_by_locale_and_revalidated(playhouse):
    app = playhouse.create_app("Game Data App")
    imported = playhouse.cli("data", "import", "--game", "realms", "--region", "eu", app["client_id"], str(EXAMPLE)).stdout
    assert "Version 1 of realms (eu, static): 9 documents, 9 added, 0 changed, 0 removed" in imported
    headers = app_headers(playhouse, app)
    url = playhouse.base_url + "/v1/data/realms"

    item = requests.get(url + "/items/19019", params={"region": "eu", "locale": "de_DE"}, headers=headers, timeout=10)
    assert item.status_code == 200, item.text
    assert item.json()["name"] == "Klinge des Sturmrufers" and item.json()["quality"]["name"] == "Legendär"
    assert item.headers["Last-Modified"].endswith("GMT")
    # Its image, from the import's media/ folder, as a content-addressed asset.
    icon = requests.get(playhouse.base_url + item.json()["icon"], timeout=10)
    assert icon.status_code == 200 and icon.headers["Content-Type"] == "image/png"
    assert icon.content == (EXAMPLE / "media/stormcallers-blade.png").read_bytes()
    every = requests.get(url + "/items/19019", params={"region": "eu", "locale": "multi"}, headers=headers, timeout=10).json()
    assert every["name"] == {"en_US": "Stormcaller's Blade", "de_DE": "Klinge des Sturmrufers", "da_DK": "Stormkalderens klinge"}
    again = requests.get(url + "/items/19019", params={"region": "eu", "locale": "de_DE"},
                         headers={**headers, "If-None-Match": item.headers["ETag"]}, timeout=10)
    assert again.status_code == 304 and again.content == b""

    classes = requests.get(url + "/classes", params={"region": "eu", "locale": "da_DK"}, headers=headers, timeout=10).json()
    assert [entry["name"] for entry in classes["data"]] == ["Magiker", "Præst", "Kriger"]
    missing = requests.get(url + "/classes", params={"locale": "da_DK"}, headers=headers, timeout=10)
    assert missing.status_code == 400 and missing.headers["Content-Type"].startswith("application/problem+json")
    assert [error["field"] for error in missing.json()["errors"]] == ["region"]


def test_a_search_with_brackets_and_bars_on_the_wire(playhouse):
    """Battle.net's searches as a shell user types them (curl -g sends [ ] and | unescaped)."""
    app = playhouse.create_app("Game Data Search")
    playhouse.cli("data", "import", "--game", "realms", "--region", "eu", app["client_id"], str(EXAMPLE))
    headers = app_headers(playhouse, app)
    url = playhouse.base_url + "/v1/data/realms/items/search?region=eu&locale=en_US&level=[1,40]&quality.type=common||epic&orderby=level:desc"
    found = requests.get(url, headers=headers, timeout=10)
    assert found.status_code == 200, found.text
    body = found.json()
    assert [item["name"] for item in body["data"]] == ["Staff of the Old Marsh", "Linen Cloth", "Homeward Stone"]
    assert (body["page"], body["page_count"], body["total"]) == (1, 1, 3)
    unknown = requests.get(playhouse.base_url + "/v1/data/realms/items/search?region=eu&colour=red", headers=headers, timeout=10)
    assert unknown.status_code == 400 and unknown.headers["Content-Type"].startswith("application/problem+json")
    assert "colour" in unknown.json()["detail"] and [error["field"] for error in unknown.json()["errors"]] == ["colour"]


def test_a_second_import_says_what_changed_and_a_rollback_brings_the_first_back(playhouse, tmp_path):
    app = playhouse.create_app("Game Data Versions")
    playhouse.cli("data", "import", "--game", "realms", "--region", "us", app["client_id"], str(EXAMPLE))
    release = tmp_path / "release-2"
    shutil.copytree(EXAMPLE, release)
    (release / "items/2589.json").unlink()
    sword = json.loads((release / "items/19019.json").read_text())
    sword["level"] = 62
    (release / "items/19019.json").write_text(json.dumps(sword))
    (release / "items/30.json").write_text(json.dumps({"id": 30, "name": {"en_US": "Stick"}}))
    second = playhouse.cli("data", "import", "--game", "realms", "--region", "us", app["client_id"], str(release)).stdout
    assert "Version 2 of realms (us, static): 9 documents, 1 added, 1 changed, 1 removed" in second

    headers = app_headers(playhouse, app)
    versions = requests.get(playhouse.base_url + "/v1/data/realms/versions", headers=headers, timeout=10).json()["data"]
    assert [(v["region"], v["namespace"], v["version"]) for v in versions] == [("us", "static", 2)]
    assert versions[0]["changes"]["added"] == [{"collection": "items", "id": "30"}]
    assert versions[0]["changes"]["changed"] == [{"collection": "items", "id": "19019"}]
    assert versions[0]["changes"]["removed"] == [{"collection": "items", "id": "2589"}]
    sword_url = playhouse.base_url + "/v1/data/realms/items/19019"
    assert requests.get(sword_url, params={"region": "us"}, headers=headers, timeout=10).json()["level"] == 62

    rolled = playhouse.cli("data", "rollback", "--game", "realms", "--region", "us", "--to", "1", app["client_id"]).stdout
    assert "Version 3 of realms (us, static) restores version 1 and is current: 9 documents, 1 added, 1 changed, 1 removed" in rolled
    assert requests.get(sword_url, params={"region": "us"}, headers=headers, timeout=10).json()["level"] == 60
    listed = playhouse.cli("data", "versions", "--game", "realms", app["client_id"]).stdout
    assert "  us static 2" in listed and "* us static 3" in listed and "restores version 1" in listed


def test_a_directory_with_problems_is_refused_whole(playhouse, tmp_path):
    app = playhouse.create_app("Game Data Problems")
    broken = tmp_path / "broken"
    shutil.copytree(EXAMPLE, broken)
    (broken / "items/873.json").write_text('{"id": 874}')
    (broken / "classes/mage.json").write_text("[1, 2]")
    result = playhouse.cli("data", "import", "--game", "realms", "--region", "eu", app["client_id"], str(broken), check=False)
    assert result.returncode != 0
    for problem in ["items/873.json: $.id is 874, not the file's name 873", "classes/mage.json: is not a JSON object"]:
        assert problem in result.stdout + result.stderr
    assert "No data for realms yet" in playhouse.cli("data", "versions", "--game", "realms", app["client_id"]).stdout


def test_an_apps_calls_are_limited_as_the_cli_sets_them(playhouse):
    app = playhouse.create_app("Game Data Limits")
    playhouse.cli("data", "import", "--game", "realms", "--region", "eu", app["client_id"], str(EXAMPLE))
    shown = json.loads(playhouse.cli("apps", "set-rate-limits", app["client_id"], "--per-hour", "3", "--json").stdout)
    assert shown["rate_limits"] == {"per_second": 100, "per_hour": 3}
    headers = app_headers(playhouse, app)
    url = playhouse.base_url + "/v1/data/realms/items/19019"
    answers = [requests.get(url, params={"region": "eu"}, headers=headers, timeout=10) for _ in range(4)]
    assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
    assert [answer.headers["RateLimit-Remaining"] for answer in answers] == ["2", "1", "0", "0"]
    refused = answers[-1]
    assert refused.headers["Content-Type"].startswith("application/problem+json") and refused.json()["code"] == "rate_limited"
    assert 0 < int(refused.headers["Retry-After"]) <= 3600 and refused.headers["RateLimit-Limit"] == "3"
    # Back to Battle.net's limits (a token an instance has just read keeps its app for up to a second: a new one).
    playhouse.cli("apps", "set-rate-limits", app["client_id"], "--per-hour", "default")
    assert requests.get(url, params={"region": "eu"}, headers=app_headers(playhouse, app), timeout=10).status_code == 200
