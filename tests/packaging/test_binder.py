"""binder/ installs the package pyproject.toml describes, and the launch links open the real notebook."""

import re
import tomllib
from pathlib import Path

from packaging.specifiers import SpecifierSet

ROOT = Path(__file__).resolve().parents[2]


def test_binder_installs_the_package_with_a_python_it_supports():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    version = re.fullmatch(r"python-(\d+\.\d+)", runtime)
    assert version, runtime
    assert SpecifierSet(project["requires-python"]).contains(version.group(1) + ".0")
    post = (ROOT / "binder" / "postBuild").read_text()
    installs = [line for line in post.splitlines() if "pip install" in line and not line.lstrip().startswith("#")]
    assert installs and all(re.search(r"pip install (--\S+ )*\.(\[\w+\])?$", line.strip()) for line in installs), installs
    # no second list of dependencies next to pyproject.toml
    assert not any((ROOT / "binder" / f).exists() for f in ("requirements.txt", "environment.yml", "setup.py"))
    assert "SERVER_CONFIG_FILE" in post  # the template and the rest: test_binder_configures_voila_...
    assert (ROOT / "shogun_tutor" / "share" / "jupyter" / "voila" / "templates" / "shogun" / "index.html.j2").is_file()


def test_launch_links_point_at_the_real_notebook():
    links = []
    for doc in ("README.md", "binder/README.md", "docs/deploy.md"):
        links += re.findall(r"urlpath=voila/render/([\w./-]+\.ipynb)", (ROOT / doc).read_text())
    assert links
    for path in links:
        assert (ROOT / path).is_file(), path


def test_binder_configures_voila_as_shogun_tutor_app_does():
    """The server extension on a BinderHub gets the server settings of ``shogun-tutor app``."""
    import json

    from shogun_tutor import serve

    post = (ROOT / "binder" / "postBuild").read_text()
    assert "from shogun_tutor.serve import SERVER_CONFIG_FILE" in post and "jupyter_server_config.py" in post
    from traitlets.config import Config

    c = Config()
    exec(compile(serve.SERVER_CONFIG_FILE, "jupyter_server_config.py", "exec"), {"c": c})  # as Jupyter Server reads it
    assert c.VoilaConfiguration.page_config_hook is serve.offline_page_config
    offline = serve.offline_page_config({"fullMathjaxUrl": "https://cdn/x.js", "mathjaxConfig": "TeX-AMS_CHTML-full"})
    assert offline["fullMathjaxUrl"] is None and offline["mathjaxConfig"] is None
    config = json.loads(json.dumps(serve.SERVER_EXTENSION_CONFIG))
    assert all(c[section][name] == value for section, values in config.items() for name, value in values.items())
    assert "shell_exports" in (ROOT / "binder" / "start").read_text()
    argv = serve.voila_argv(serve.notebook_path(), 8866, "127.0.0.1", 1, 900, 60, False)
    assert config["VoilaConfiguration"]["template"] == serve.TEMPLATE
    for name, value in config["VoilaExecutor"].items():
        assert f"--VoilaExecutor.{name}={value}" in argv
    cull = config["MappingKernelManager"]
    assert f"--MappingKernelManager.cull_idle_timeout={cull['cull_idle_timeout']}" in argv
    assert f"--MappingKernelManager.cull_interval={cull['cull_interval']}" in argv
    assert cull["cull_connected"] is False and "--MappingKernelManager.cull_connected=False" in argv
