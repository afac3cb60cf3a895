"""Authlib's OAuth 2 client running the authorization code flow with PKCE against the real server:
the hosted page's forms are posted as a browser would post them, then Authlib exchanges the code,
refreshes (refresh tokens rotate) and revokes, at endpoints it reads from the discovery document."""

import json
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


def test_openid_connect_code_flow_gives_an_id_token_authlib_validates(playhouse, client_app):
    """Authlib as an OpenID Connect client: discovery, the code flow with PKCE and a nonce, and the
    id_token checked against the published keys (signature, issuer, audience, expiry, nonce)."""
    from authlib.jose import JsonWebKey, jwt
    from authlib.oidc.core import CodeIDToken

    discovery = requests.get(playhouse.base_url + "/.well-known/openid-configuration", timeout=10).json()
    assert discovery["issuer"] == playhouse.base_url
    assert "ES256" in discovery["id_token_signing_alg_values_supported"]
    session = OAuth2Session(client_app["client_id"], client_app["client_secret"], redirect_uri="arcade://authorize",
                            scope="openid profile", code_challenge_method="S256")
    nonce, verifier = generate_token(20), generate_token(64)
    email = f"oidc-{uuid.uuid4().hex[:10]}@example.com"
    url, state = session.create_authorization_url(discovery["authorization_endpoint"], code_verifier=verifier, nonce=nonce)
    location = hosted_sign_in(url, email, "correct horse battery")
    token = session.fetch_token(discovery["token_endpoint"], authorization_response=location.replace("arcade://", "https://arcade/"),
                                code_verifier=verifier, state=state)
    keys = JsonWebKey.import_key_set(requests.get(discovery["jwks_uri"], timeout=10).json())
    claims = jwt.decode(token["id_token"], keys, claims_cls=CodeIDToken,
                        claims_options={"iss": {"essential": True, "values": [discovery["issuer"]]}},
                        claims_params={"nonce": nonce, "client_id": client_app["client_id"]})
    claims.validate()
    assert claims["email"] == email
    userinfo = session.get(discovery["userinfo_endpoint"], timeout=10).json()
    assert claims["sub"] == userinfo["sub"]

    # The same token offered to a sign-in that sent another nonce (a replay) is refused.
    from joserfc.errors import InvalidClaimError  # what Authlib 1.9 raises for claims
    replayed = jwt.decode(token["id_token"], keys, claims_cls=CodeIDToken, claims_params={"nonce": "another", "client_id": client_app["client_id"]})
    with pytest.raises(InvalidClaimError):
        replayed.validate()

    # After `playhouse keys rotate` a new key signs, and the token signed before still verifies
    # against the published set.
    first_kid = jwt_header(token["id_token"])["kid"]
    playhouse.cli("keys", "rotate")
    keys = JsonWebKey.import_key_set(requests.get(discovery["jwks_uri"], timeout=10).json())
    jwt.decode(token["id_token"], keys, claims_cls=CodeIDToken,
               claims_params={"nonce": nonce, "client_id": client_app["client_id"]}).validate()
    refreshed = session.refresh_token(discovery["token_endpoint"], refresh_token=token["refresh_token"])
    assert jwt_header(refreshed["id_token"])["kid"] != first_kid
    again = jwt.decode(refreshed["id_token"], keys, claims_cls=CodeIDToken, claims_params={"client_id": client_app["client_id"]})
    again.validate()
    assert again["sub"] == claims["sub"]


def jwt_header(token):
    import base64
    encoded = token.split(".")[0]
    return json.loads(base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)))
