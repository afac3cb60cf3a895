"""Authlib's OAuth 2 client, unmodified, against the real server: client credentials by HTTP Basic
and by form fields, then introspection (RFC 7662) and revocation (RFC 7009), at endpoints it reads
from the discovery document (RFC 8414)."""

import pytest
import requests
from authlib.integrations.requests_client import OAuth2Session
from authlib.integrations.base_client.errors import OAuthError


@pytest.fixture(scope="module")
def metadata(playhouse):
    response = requests.get(playhouse.base_url + "/.well-known/oauth-authorization-server", timeout=10)
    assert response.status_code == 200
    return response.json()


def session_for(app, method="client_secret_basic", secret=None):
    return OAuth2Session(app["client_id"], secret or app["client_secret"], token_endpoint_auth_method=method)


def test_discovery_names_this_server(playhouse, metadata):
    assert metadata["issuer"] == playhouse.base_url
    assert metadata["token_endpoint"] == playhouse.base_url + "/oauth/token"
    assert "client_credentials" in metadata["grant_types_supported"]
    assert {"client_secret_basic", "client_secret_post"} <= set(metadata["token_endpoint_auth_methods_supported"])


@pytest.mark.parametrize("method", ["client_secret_basic", "client_secret_post"])
def test_client_credentials_token_reads_the_app(playhouse, metadata, client_app, method):
    session = session_for(client_app, method)
    token = session.fetch_token(metadata["token_endpoint"], grant_type="client_credentials")
    assert token["token_type"].lower() == "bearer"
    assert 0 < token["expires_in"] <= 3600
    assert set(token["scope"].split()) == set(client_app["scopes"])

    response = session.get(playhouse.base_url + "/v1/app", timeout=10)
    assert response.status_code == 200
    assert response.json()["name"] == "Authlib Arcade"
    assert response.json()["environment"] == "sandbox"


def test_a_narrower_scope_is_granted_as_asked(metadata, client_app):
    token = session_for(client_app).fetch_token(metadata["token_endpoint"], grant_type="client_credentials", scope="wallet")
    assert token["scope"] == "wallet"


def test_a_wrong_secret_is_an_invalid_client_error(metadata, client_app):
    with pytest.raises(OAuthError) as failure:
        session_for(client_app, secret="phs_not-the-secret").fetch_token(metadata["token_endpoint"], grant_type="client_credentials")
    assert failure.value.error == "invalid_client"


def test_a_scope_the_app_lacks_is_refused(metadata, client_app):
    with pytest.raises(OAuthError) as failure:
        session_for(client_app).fetch_token(metadata["token_endpoint"], grant_type="client_credentials", scope="admin")
    assert failure.value.error == "invalid_scope"


def test_introspection_then_revocation(playhouse, metadata, client_app):
    session = session_for(client_app)
    token = session.fetch_token(metadata["token_endpoint"], grant_type="client_credentials")

    live = session.introspect_token(metadata["introspection_endpoint"], token=token["access_token"])
    assert live.status_code == 200
    described = live.json()
    assert described["active"] is True
    assert described["client_id"] == client_app["client_id"]
    assert described["token_type"].lower() == "bearer"
    assert described["exp"] > described["iat"]

    revoked = session.revoke_token(metadata["revocation_endpoint"], token=token["access_token"], token_type_hint="access_token")
    assert revoked.status_code == 200

    assert session.introspect_token(metadata["introspection_endpoint"], token=token["access_token"]).json() == {"active": False}
    refused = session.get(playhouse.base_url + "/v1/app", timeout=10)
    assert refused.status_code == 401
    assert refused.headers["Content-Type"].startswith("application/problem+json")
    assert refused.json()["code"] == "invalid_token"


def test_another_apps_client_sees_the_token_as_inactive(playhouse, metadata, client_app):
    other = playhouse.create_app("Other Studio")
    token = session_for(client_app).fetch_token(metadata["token_endpoint"], grant_type="client_credentials")
    seen = session_for(other).introspect_token(metadata["introspection_endpoint"], token=token["access_token"])
    assert seen.json() == {"active": False}
    # And it cannot revoke it: the token keeps working for its own app.
    session_for(other).revoke_token(metadata["revocation_endpoint"], token=token["access_token"])
    owner = session_for(client_app)
    assert owner.introspect_token(metadata["introspection_endpoint"], token=token["access_token"]).json()["active"] is True
