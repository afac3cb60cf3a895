"""Guest players from outside: Authlib's OAuth 2 client and a plain form post take the guest grant
(urn:playhouse:grant-type:guest) from the real server; on PostgreSQL, two instances on one database
make one player of an installation, whichever instance it signs in at, however many sign in at once."""

import threading
import uuid

import pytest
import requests
from authlib.integrations.requests_client import OAuth2Session

from conftest import POSTGRES_URL, Playhouse, free_port

GUEST = "urn:playhouse:grant-type:guest"


def profile(base_url, token):
    response = requests.get(base_url + "/v1/me", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def test_authlib_signs_a_guest_up_and_the_same_guest_in_again(playhouse, client_app):
    session = OAuth2Session(client_app["client_id"], client_app["client_secret"])
    installation = str(uuid.uuid4())
    first = session.fetch_token(playhouse.base_url + "/oauth/token", grant_type=GUEST, installation_id=installation)
    assert first["player_created"] is True
    assert first["refresh_token"] and first["session_id"]
    me = profile(playhouse.base_url, first["access_token"])
    assert me["guest"] is True and "email" not in me

    again = OAuth2Session(client_app["client_id"], client_app["client_secret"]).fetch_token(
        playhouse.base_url + "/oauth/token", grant_type=GUEST, installation_id=installation)
    assert again["player_created"] is False
    assert profile(playhouse.base_url, again["access_token"])["id"] == me["id"]


def test_a_public_client_signs_a_guest_in_with_a_plain_form_post(playhouse):
    mobile = playhouse.create_app("Guest Mobile", "--redirect-uri", "guestmobile://authorize", "--public")
    form = {"grant_type": GUEST, "installation_id": "install-" + uuid.uuid4().hex, "client_id": mobile["client_id"]}
    response = requests.post(playhouse.base_url + "/oauth/token", data=form, timeout=10)
    assert response.status_code == 200, response.text
    assert response.headers["Cache-Control"] == "no-store"
    assert response.json()["player_created"] is True

    refused = requests.post(playhouse.base_url + "/oauth/token", data=dict(form, installation_id="short"), timeout=10)
    assert refused.status_code == 400
    assert refused.headers["Content-Type"].startswith("application/problem+json")
    assert refused.json()["code"] == "invalid_request"


@pytest.mark.skipif(not POSTGRES_URL, reason="several instances share PostgreSQL only")
def test_two_instances_make_one_player_of_an_installation():
    first = Playhouse("postgres").start()
    second = Playhouse("postgres")
    second.port = free_port()
    second.base_url = f"http://127.0.0.1:{second.port}"
    second.env = dict(first.env, PLAYHOUSE_PORT=str(second.port))
    try:
        second.start()
        app = first.create_app("Two Instances")
        auth = (app["client_id"], app["client_secret"])

        def sign_in(server, installation):
            response = requests.post(server.base_url + "/oauth/token", data={"grant_type": GUEST, "installation_id": installation},
                                     auth=auth, timeout=30)
            assert response.status_code == 200, response.text
            return response.json()

        installation = "one-" + uuid.uuid4().hex
        made = sign_in(first, installation)
        back = sign_in(second, installation)
        assert made["player_created"] is True and back["player_created"] is False
        assert profile(second.base_url, back["access_token"])["id"] == profile(first.base_url, made["access_token"])["id"]

        # Twenty simultaneous first sign-ins of one installation, at both instances: one player.
        installation = "race-" + uuid.uuid4().hex
        answers, errors = [], []

        def race(server):
            try:
                answers.append(sign_in(server, installation))
            except AssertionError as error:
                errors.append(error)
        threads = [threading.Thread(target=race, args=(server,)) for server in [first, second] * 10]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not errors, errors
        assert sum(answer["player_created"] for answer in answers) == 1
        assert len({profile(first.base_url, answer["access_token"])["id"] for answer in answers}) == 1
    finally:
        second.stop() if second.process else None
        first.stop()
