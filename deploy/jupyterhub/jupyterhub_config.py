"""JupyterHub for Shogun Tutor: one single-user server per anonymous visitor, opened on the app.

    pip install "shogun-tutor[hub]"                       # the hub, tmpauthenticator, the idle culler
    npm install --prefix /opt/chp configurable-http-proxy # the hub's proxy (node)
    jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

Every visitor of ``/`` gets a temporary user (``jupyterhub-tmpauthenticator``: no password, no
sign-up) and a server of their own, which opens Voilà on the app (``Spawner.default_url``) with the
same settings as ``shogun-tutor app`` (``shogun_tutor.serve.configure_server_extension``: offline
template, kernel culling, the waits of a busy server). ``jupyterhub-idle-culler`` stops servers
(and removes their temporary users) idle for ``SHOGUN_HUB_CULL_TIMEOUT`` seconds.

Settings from the environment (defaults in brackets):

* ``SHOGUN_HUB_URL`` [http://0.0.0.0:8000]: where the proxy listens (put TLS in front);
* ``SHOGUN_HUB_STATE`` [./hub-state]: the hub's database, cookie secret and the visitors' homes;
* ``SHOGUN_HUB_CULL_TIMEOUT`` [900] and ``SHOGUN_HUB_CULL_EVERY`` [60]: the idle culler;
* ``SHOGUN_HUB_ACTIVITY_INTERVAL`` [60]: how often servers and the proxy report activity;
* ``SHOGUN_HUB_MEM_LIMIT`` [500M], ``SHOGUN_HUB_CPU_LIMIT`` [1]: per visitor (enforced by spawners
  that can, e.g. KubeSpawner or SystemdSpawner; the local process spawner only passes them on as
  ``MEM_LIMIT``/``CPU_LIMIT``);
* ``SHOGUN_HUB_PROXY``: the ``configurable-http-proxy`` command [found on PATH or in .venv/node];
* ``SHOGUN_TUTOR_DATABASE_URL``: PostgreSQL URL of the shared session store, passed to every
  visitor's server (so that servers share the "play together" sessions).

The spawner is ``SimpleLocalProcessSpawner``: every server runs as the hub's own user, with its
home under ``SHOGUN_HUB_STATE/homes/<user>``. Fine on one machine for a school's visitors that do
not run code of their own (Voilà executes only the app); for isolation between visitors use
containers (``deploy/kubernetes/``).
"""

import os
import shutil
import sys
from pathlib import Path

from shogun_tutor import serve

c = get_config()  # noqa: F821 - given by JupyterHub when it reads this file

HERE = Path(__file__).resolve().parent
STATE = Path(os.environ.get("SHOGUN_HUB_STATE", "hub-state")).resolve()
STATE.mkdir(parents=True, exist_ok=True)
CULL_TIMEOUT = int(os.environ.get("SHOGUN_HUB_CULL_TIMEOUT", "900"))
CULL_EVERY = int(os.environ.get("SHOGUN_HUB_CULL_EVERY", "60"))
ACTIVITY = int(os.environ.get("SHOGUN_HUB_ACTIVITY_INTERVAL", "60"))
BIN = Path(sys.executable).parent


def _proxy_command() -> list[str]:
    given = os.environ.get("SHOGUN_HUB_PROXY")
    if given:
        return [given]
    local = [Path(sys.prefix) / "node" / "node_modules" / ".bin" / "configurable-http-proxy"]
    found = shutil.which("configurable-http-proxy") or next((str(p) for p in local if p.exists()), None)
    return [found or "configurable-http-proxy"]


# --- the hub -------------------------------------------------------------------------------------
c.JupyterHub.bind_url = os.environ.get("SHOGUN_HUB_URL", "http://0.0.0.0:8000")
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.JupyterHub.last_activity_interval = ACTIVITY  # the hub reads the proxy's activity this often
c.ConfigurableHTTPProxy.command = _proxy_command()
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")
c.JupyterHub.cleanup_servers = True  # the visitors' servers stop with the hub

# --- anonymous visitors --------------------------------------------------------------------------
c.JupyterHub.authenticator_class = "tmpauthenticator.TmpAuthenticator"  # `/` logs a new visitor in (/hub/tmplogin)
c.Authenticator.allow_all = True  # every temporary user may start a server (JupyterHub 5 allows none by default)

# --- each visitor's server: Voila on the app -----------------------------------------------------
c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "homes" / "{username}")
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.notebook_dir = str(serve.notebook_path().parent)
c.Spawner.default_url = "/voila/render/" + serve.notebook_path().name
c.Spawner.args = ["--allow-root"] if os.geteuid() == 0 else []
c.Spawner.mem_limit = os.environ.get("SHOGUN_HUB_MEM_LIMIT", "500M")
c.Spawner.cpu_limit = float(os.environ.get("SHOGUN_HUB_CPU_LIMIT", "1"))
c.Spawner.start_timeout = 180  # a server and the app's kernel on a busy machine
c.Spawner.http_timeout = 120
c.Spawner.environment = {
    **serve.environment(os.environ.get("SHOGUN_TUTOR_LANG") or None),  # template, plotly module, no echo
    "JUPYTER_CONFIG_DIR": str(HERE / "singleuser"),  # jupyter_server_config.py: configure_server_extension
    "JUPYTERHUB_ACTIVITY_INTERVAL": str(ACTIVITY),
    "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
}
for name in ("SHOGUN_TUTOR_DATABASE_URL", "SHOGUN_TUTOR_CACHE"):
    if os.environ.get(name):
        c.Spawner.environment[name] = os.environ[name]

# --- idle servers stopped, their temporary users removed ----------------------------------------
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={CULL_TIMEOUT}",
                f"--cull-every={CULL_EVERY}", "--cull-users"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers", "admin:users"],
    "services": ["idle-culler"],
}]
