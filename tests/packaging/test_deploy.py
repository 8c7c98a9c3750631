"""The deployment kit agrees with itself: the Helm values for Kubernetes (deploy/kubernetes/) set up
what the JupyterHub configuration tested end to end (tests/browser/test_jupyterhub.py) sets up, and
the visitors' servers get the server-extension config of ``shogun-tutor app``."""

from __future__ import annotations

from pathlib import Path

import yaml
from traitlets.config import Config

from shogun_tutor import serve

ROOT = Path(__file__).resolve().parents[2]
HUB = ROOT / "deploy" / "jupyterhub"
K8S = ROOT / "deploy" / "kubernetes"


def hub_config(tmp_path, monkeypatch, **env) -> Config:
    monkeypatch.setenv("SHOGUN_HUB_STATE", str(tmp_path / "state"))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    c = Config()
    path = HUB / "jupyterhub_config.py"
    exec(compile(path.read_text(), str(path), "exec"), {"get_config": lambda: c, "__file__": str(path)})
    return c


def test_helm_values_match_the_tested_hub_configuration(tmp_path, monkeypatch):
    c = hub_config(tmp_path, monkeypatch)
    values = yaml.safe_load((K8S / "config.yaml").read_text())
    assert values["hub"]["config"]["JupyterHub"]["authenticator_class"] == c.JupyterHub.authenticator_class
    assert values["hub"]["config"]["Authenticator"]["allow_all"] is c.Authenticator.allow_all is True
    single = values["singleuser"]
    # the image copies the notebook into the home folder, the server's root there
    assert single["defaultUrl"] == c.Spawner.default_url == "/voila/render/app.ipynb"
    assert single["memory"]["limit"] == c.Spawner.mem_limit
    assert single["cpu"]["limit"] == c.Spawner.cpu_limit
    assert single["extraEnv"]["JUPYTER_WIDGETS_ECHO"] == c.Spawner.environment["JUPYTER_WIDGETS_ECHO"] == "0"
    culler = c.JupyterHub.services[0]["command"]
    assert values["cull"]["enabled"] and values["cull"]["users"] and "--cull-users" in culler
    assert f"--timeout={values['cull']['timeout']}" in culler and f"--cull-every={values['cull']['every']}" in culler


def test_the_hub_passes_the_session_store_and_limits_on(tmp_path, monkeypatch):
    c = hub_config(tmp_path, monkeypatch, SHOGUN_TUTOR_DATABASE_URL="postgresql://u:p@db:5432/shogun",
                   SHOGUN_HUB_MEM_LIMIT="400M", SHOGUN_HUB_CULL_TIMEOUT="120")
    assert c.Spawner.environment["SHOGUN_TUTOR_DATABASE_URL"] == "postgresql://u:p@db:5432/shogun"
    assert c.Spawner.mem_limit == "400M"
    assert "--timeout=120" in c.JupyterHub.services[0]["command"]
    assert Path(c.Spawner.environment["JUPYTER_CONFIG_DIR"]) == HUB / "singleuser"


def test_visitors_servers_get_the_server_extension_config():
    single = (HUB / "singleuser" / "jupyter_server_config.py").read_text()
    assert single.endswith(serve.SERVER_CONFIG_FILE)
    docker = (K8S / "Dockerfile").read_text()
    assert "SERVER_CONFIG_FILE" in docker and ".jupyter/jupyter_server_config.py" in docker
    assert '"/tmp/shogun-tutor[hub]"' in docker and 'ENTRYPOINT ["/usr/local/bin/shogun-start"]' in docker
    assert "shell_exports" in (K8S / "start.sh").read_text()
