"""The Kubernetes values (deploy/kubernetes/config.yaml) let user pods reach the game database (issue 51).

``helm template`` cannot run here: no registry this project uses ships helm (Debian has no helm package, PyPI's
``helm`` is a system monitor, npm's a URL router) and the chart itself comes from its own chart repository. So the
values are checked against a JSON Schema of the keys this file sets, written from the chart's published
``values.schema.yaml`` (Zero to JupyterHub 4.x: ``singleuser.networkPolicy`` and Kubernetes' NetworkPolicy egress
rule), and for what they must allow. docs/sessions.md says how the file was also checked against the chart's own
schema.
"""

from __future__ import annotations

import ipaddress
from pathlib import Path

import jsonschema
import yaml

VALUES = Path(__file__).resolve().parents[2] / "deploy" / "kubernetes" / "config.yaml"

PEER = {"type": "object", "additionalProperties": False, "minProperties": 1, "properties": {
    "podSelector": {"type": "object"}, "namespaceSelector": {"type": "object"},
    "ipBlock": {"type": "object", "additionalProperties": False, "required": ["cidr"],
                "properties": {"cidr": {"type": "string"}, "except": {"type": "array", "items": {"type": "string"}}}}}}
EGRESS_RULE = {"type": "object", "additionalProperties": False, "properties": {
    "to": {"type": "array", "items": PEER},
    "ports": {"type": "array", "items": {"type": "object", "additionalProperties": False, "properties": {
        "protocol": {"enum": ["TCP", "UDP", "SCTP"]}, "port": {"type": ["integer", "string"]},
        "endPort": {"type": "integer"}}}}}}
NETWORK_POLICY = {"type": "object", "additionalProperties": False, "properties": {
    "enabled": {"type": "boolean"}, "ingress": {"type": "array"}, "egress": {"type": "array", "items": EGRESS_RULE},
    "egressAllowRules": {"type": "object", "additionalProperties": False, "properties": {
        k: {"type": "boolean"} for k in ("cloudMetadataServer", "dnsPortsCloudMetadataServer",
                                         "dnsPortsKubeSystemNamespace", "dnsPortsPrivateIPs", "nonPrivateIPs",
                                         "privateIPs")}},
    "interNamespaceAccessLabels": {"enum": ["accept", "ignore"]}, "allowedIngressPorts": {"type": "array"}}}
SCHEMA = {"type": "object", "required": ["singleuser"], "properties": {
    "singleuser": {"type": "object", "required": ["networkPolicy", "extraEnv"],
                   "properties": {"networkPolicy": NETWORK_POLICY, "extraEnv": {"type": "object"}}}}}


def values() -> dict:
    return yaml.safe_load(VALUES.read_text(encoding="utf-8"))


def test_the_values_follow_the_charts_schema_for_what_they_set():
    jsonschema.validate(values(), SCHEMA)
    broken = values()
    broken["singleuser"]["networkPolicy"]["egres"] = []  # a typo the chart would ignore silently
    assert list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(broken))


def test_user_pods_may_reach_postgresql_in_the_cluster_and_at_a_private_address():
    policy = values()["singleuser"]["networkPolicy"]
    assert policy["enabled"] is True
    rules = [r for r in policy.get("egress", []) if {"protocol": "TCP", "port": 5432} in r.get("ports", [])]
    assert rules, "no egress rule allows PostgreSQL's port"
    peers = [p for r in rules for p in r["to"]]
    assert any(p.get("podSelector", {}).get("matchLabels", {}).get("app.kubernetes.io/name") == "postgresql"
               and "namespaceSelector" in p for p in peers)
    blocks = [ipaddress.ip_network(p["ipBlock"]["cidr"]) for p in peers if "ipBlock" in p]
    for address in ("10.96.0.12", "172.20.1.5", "192.168.1.20"):  # a service, a pod, a managed database
        assert any(ipaddress.ip_address(address) in b for b in blocks)
    assert all(b.is_private for b in blocks)  # only PostgreSQL's port, and only inside private networks
