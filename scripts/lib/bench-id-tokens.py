"""An OpenID Connect provider for scripts/bench-jobs: a P-256 key, its JWKS, and id_tokens for new
people, each signed with it (ES256), so that each token exchange signs a new player up.

    bench-id-tokens.py DIRECTORY ISSUER AUDIENCE COUNT
        writes DIRECTORY/jwks.json and DIRECTORY/id-tokens (COUNT tokens, one a line, each for a
        subject of its own, valid for an hour); serve DIRECTORY over HTTP for the JWKS.
"""
import base64
import json
import os
import sys
import time
import uuid

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


directory, issuer, audience, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
key = ec.generate_private_key(ec.SECP256R1())
numbers = key.public_key().public_numbers()
jwk = {"kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": "bench",
       "x": b64(numbers.x.to_bytes(32, "big")), "y": b64(numbers.y.to_bytes(32, "big"))}
with open(os.path.join(directory, "jwks.json"), "w") as out:
    json.dump({"keys": [jwk]}, out)

now = int(time.time())
header = b64(json.dumps({"alg": "ES256", "kid": "bench", "typ": "JWT"}).encode())
run = uuid.uuid4().hex[:8]
with open(os.path.join(directory, "id-tokens"), "w") as out:
    for number in range(count):
        claims = {"iss": issuer, "aud": audience, "sub": f"bench-{run}-{number}", "iat": now, "exp": now + 3600,
                  "email": f"bench-{run}-{number}@example.com", "email_verified": True, "given_name": "Bench"}
        signing_input = header + "." + b64(json.dumps(claims).encode())
        r, s = decode_dss_signature(key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
        out.write(signing_input + "." + b64(r.to_bytes(32, "big") + s.to_bytes(32, "big")) + "\n")
