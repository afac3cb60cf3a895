"""Shopping lists from outside, with plain HTTP: a batch of operations applied once however often it
is sent, a shared list, the change feed and its long poll woken by another client, and the
operator's `playhouse lists` commands, against the real binary on each engine."""

import json
import threading
import time
import uuid

import requests

from conftest import player_tokens


def op(kind, **fields):
    return {"mutation_id": str(uuid.uuid4()), "op": kind, **fields}


def send(playhouse, token, operations):
    return requests.post(playhouse.base_url + "/v1/lists/operations", json={"operations": operations},
                         headers={"Authorization": f"Bearer {token}"}, timeout=10)


def feed(playhouse, token, since=None, wait=None):
    params = {k: v for k, v in {"since": since, "wait": wait}.items() if v is not None}
    response = requests.get(playhouse.base_url + "/v1/lists/changes", params=params,
                            headers={"Authorization": f"Bearer {token}"}, timeout=40)
    assert response.status_code == 200, response.text
    return response.json()


def me(playhouse, token):
    return requests.get(playhouse.base_url + "/v1/me", headers={"Authorization": f"Bearer {token}"}, timeout=10).json()


def test_a_batch_sent_again_changes_nothing_and_a_shared_list_reaches_the_other_player(playhouse, client_app):
    ann = player_tokens(playhouse.base_url, client_app)["access_token"]
    bob = player_tokens(playhouse.base_url, client_app)["access_token"]
    bob_profile = me(playhouse, bob)
    groceries, milk = str(uuid.uuid4()), str(uuid.uuid4())
    batch = [op("create_list", list_id=groceries, name="Groceries"),
             op("add_item", list_id=groceries, item_id=milk, description="Milk", count=2, unit="l"),
             op("share_list", list_id=groceries, player_id=bob_profile["id"], access="write"),
             op("tick_item", item_id=str(uuid.uuid4()), ticked=True)]
    first = send(playhouse, ann, batch)
    assert first.status_code == 200, first.text
    results = first.json()["results"]
    assert [r["status"] for r in results] == ["applied", "applied", "applied", "refused"]
    assert results[3]["problem"]["code"] == "list_item_not_found"

    # The answer was lost on the way; the same batch again gets the same answers and changes nothing.
    again = send(playhouse, ann, batch)
    assert again.json()["results"] == results
    snapshot = requests.get(playhouse.base_url + "/v1/lists", headers={"Authorization": f"Bearer {ann}"}, timeout=10).json()
    assert [(s["list"]["name"], [i["description"] for i in s["items"]]) for s in snapshot["data"]] == [("Groceries", ["Milk"])]

    # Bob is invited, accepts, and the list with its item comes to him in the feed.
    start = feed(playhouse, bob)["next_cursor"]
    assert send(playhouse, bob, [op("answer_share", list_id=groceries, accept=True)]).json()["results"][0]["status"] == "applied"
    changes = feed(playhouse, bob, since=start)["data"]
    assert {c["type"] for c in changes} == {"share", "list", "item"}
    assert any(c["type"] == "item" and c["item"]["id"] == milk and c["item"]["unit"] == "l" for c in changes)

    # A malformed batch is refused whole, naming the field, and changes nothing.
    bad = send(playhouse, bob, [op("add_item", list_id=groceries, item_id=str(uuid.uuid4()), description="", count=1)])
    assert bad.status_code == 422 and bad.headers["Content-Type"].startswith("application/problem+json")
    assert bad.json()["errors"][0]["field"] == "operations[0].description"


def test_a_long_poll_wakes_when_another_client_writes(playhouse, client_app):
    tokens = player_tokens(playhouse.base_url, client_app)
    ann = tokens["access_token"]
    groceries = str(uuid.uuid4())
    send(playhouse, ann, [op("create_list", list_id=groceries, name="Groceries")])
    cursor = feed(playhouse, ann)["next_cursor"]

    answer = {}

    def poll():
        started = time.monotonic()
        answer["page"] = feed(playhouse, ann, since=cursor, wait=25)
        answer["seconds"] = time.monotonic() - started

    poller = threading.Thread(target=poll)
    poller.start()
    time.sleep(0.5)  # the poll is waiting on the server by now; the write below wakes it either way
    send(playhouse, ann, [op("rename_list", list_id=groceries, name="Food")])
    poller.join(timeout=30)
    assert [c["list"]["name"] for c in answer["page"]["data"]] == ["Food"]
    assert answer["seconds"] < 20, "woken by the write, not by the poll's end"


def test_the_operator_reads_a_players_lists_and_the_apps_figures(playhouse, client_app):
    tokens = player_tokens(playhouse.base_url, client_app)
    ann = tokens["access_token"]
    email = me(playhouse, ann)["email"]
    groceries = str(uuid.uuid4())
    send(playhouse, ann, [op("create_list", list_id=groceries, name="Weekend"),
                          op("add_item", list_id=groceries, item_id=str(uuid.uuid4()), description="Coffee", count=1),
                          op("add_item", list_id=groceries, item_id=str(uuid.uuid4()), description="Bread", count=2, unit="loaf")])
    shown = playhouse.cli("lists", "show", client_app["client_id"], "--player", email).stdout
    assert "Weekend" in shown and "[ ] 1 Coffee" in shown and "[ ] 2 loaf Bread" in shown
    as_json = json.loads(playhouse.cli("lists", "show", client_app["client_id"], "--player", email, "--json").stdout)
    assert [i["description"] for i in as_json[0]["items"]] == ["Coffee", "Bread"]
    stats = json.loads(playhouse.cli("lists", "stats", client_app["client_id"], "--json").stdout)
    assert stats["lists"] >= 1 and stats["items"] >= 2 and stats["feed_position"] >= 3
    missing = playhouse.cli("lists", "show", client_app["client_id"], "--player", "nobody@example.com", check=False)
    assert missing.returncode != 0 and "no player" in (missing.stdout + missing.stderr)
