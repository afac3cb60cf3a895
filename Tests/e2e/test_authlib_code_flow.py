"""Authlib's OAuth 2 client running the authorization code flow with PKCE against the real server:
the hosted page's forms are posted as a browser would post them, then Authlib exchanges the code,
refreshes (refresh tokens rotate) and revokes, at endpoints it reads from the discovery document."""

from urllib.parse import parse_qs, urlparse
import uuid

import pytest
import requests
from authlib.common.security import generate_token
from authlib.integrations.base_client.errors import OAuthError
from authlib.integrations.requests_client import OAuth2Session

from conftest import hosted_sign_in


@pytest.fixture(scope="module")
def metadata(playhouse):
    return requests.get(playhouse.base_url + "/.well-known/oauth-authorization-server", timeout=10).json()


def code_session(app, scope="profile play"):
    return OAuth2Session(app["client_id"], app["client_secret"], redirect_uri="arcade://authorize",
                         scope=scope, code_challenge_method="S256")


def sign_in(metadata, session, email=None, register=True, decision="allow"):
    verifier = generate_token(64)
    url, state = session.create_authorization_url(metadata["authorization_endpoint"], code_verifier=verifier)
    location = hosted_sign_in(url, email or f"authlib-{uuid.uuid4().hex[:10]}@example.com", "correct horse battery",
                              register=register, decision=decision)
    return location, state, verifier


def test_discovery_describes_the_code_flow(metadata, playhouse):
    assert metadata["authorization_endpoint"] == playhouse.base_url + "/oauth/authorize"
    assert {"authorization_code", "refresh_token"} <= set(metadata["grant_types_supported"])
    assert metadata["code_challenge_methods_supported"] == ["S256"]
    assert metadata["userinfo_endpoint"] == playhouse.base_url + "/oauth/userinfo"


def test_code_flow_with_pkce_refresh_and_revocation(metadata, client_app, playhouse):
    session = code_session(client_app)
    location, state, verifier = sign_in(metadata, session)
    assert parse_qs(urlparse(location).query)["iss"] == [metadata["issuer"]]

    token = session.fetch_token(metadata["token_endpoint"], authorization_response=location, state=state,
                                code_verifier=verifier)
    assert token["scope"] == "profile play"
    assert token["session_id"]
    me = session.get(playhouse.base_url + "/v1/me", timeout=10)
    assert me.status_code == 200 and me.json()["email"].startswith("authlib-")
    assert session.get(metadata["userinfo_endpoint"], timeout=10).json()["sub"] == me.json()["id"]

    first_refresh = token["refresh_token"]
    renewed = session.refresh_token(metadata["token_endpoint"])
    assert renewed["refresh_token"] != first_refresh
    assert session.get(playhouse.base_url + "/v1/me", timeout=10).status_code == 200

    # The used refresh token is dead, and presenting it revokes the whole sign-in.
    with pytest.raises(OAuthError) as reuse:
        session.refresh_token(metadata["token_endpoint"], refresh_token=first_refresh)
    assert reuse.value.error == "invalid_grant"
    assert session.get(playhouse.base_url + "/v1/me", timeout=10).status_code == 401


def test_revoking_the_refresh_token_signs_the_player_out(metadata, client_app, playhouse):
    session = code_session(client_app)
    location, state, verifier = sign_in(metadata, session)
    token = session.fetch_token(metadata["token_endpoint"], authorization_response=location, state=state,
                                code_verifier=verifier)
    revoked = session.revoke_token(metadata["revocation_endpoint"], token=token["refresh_token"],
                                   token_type_hint="refresh_token")
    assert revoked.status_code == 200
    assert session.get(playhouse.base_url + "/v1/me", timeout=10).status_code == 401


def test_a_wrong_verifier_is_refused_and_the_code_still_works_once(metadata, client_app):
    session = code_session(client_app)
    location, state, verifier = sign_in(metadata, session)
    with pytest.raises(OAuthError) as wrong:
        session.fetch_token(metadata["token_endpoint"], authorization_response=location, state=state,
                            code_verifier=generate_token(64))
    assert wrong.value.error == "invalid_grant"
    session.fetch_token(metadata["token_endpoint"], authorization_response=location, state=state, code_verifier=verifier)
    with pytest.raises(OAuthError) as replay:
        session.fetch_token(metadata["token_endpoint"], authorization_response=location, state=state,
                            code_verifier=verifier)
    assert replay.value.error == "invalid_grant"


def test_declining_sends_access_denied_with_the_state(metadata, client_app):
    session = code_session(client_app)
    location, state, _ = sign_in(metadata, session, decision="deny")
    answer = parse_qs(urlparse(location).query)
    assert answer["error"] == ["access_denied"]
    assert answer["state"] == [state]


def test_the_state_comes_back_byte_for_byte(playhouse, client_app):
    """The client's CSRF defence is comparing state; the server must return it exactly."""
    state = "a b+c/&=é%20;" + uuid.uuid4().hex
    session = code_session(client_app)
    url, _ = session.create_authorization_url(playhouse.base_url + "/oauth/authorize", state=state,
                                              code_verifier=generate_token(64))
    location = hosted_sign_in(url, f"state-{uuid.uuid4().hex[:8]}@example.com", "correct horse battery")
    assert parse_qs(urlparse(location).query)["state"] == [state]
