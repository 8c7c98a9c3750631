"""``shogun-tutor app``'s Voilà command line is read by Voilà as meant: a misspelt option is only
a warning to traitlets, and the setting silently keeps its default."""

from __future__ import annotations

import nbformat
from voila.app import Voila
from voila.execute import VoilaExecutor

from shogun_tutor import serve
from shogun_tutor.server_port import port_taken


def _config(tmp_path):
    argv = serve.voila_argv(serve.notebook_path(), 8899, "127.0.0.1", pool_size=2, cull_idle=600,
                            cull_interval=30, open_browser=False)
    app = Voila()
    app.parse_command_line(argv)
    return app.config


def test_voila_waits_long_enough_for_a_kernel_and_its_output_on_a_busy_server(tmp_path):
    config = _config(tmp_path)
    executor = VoilaExecutor(nbformat.v4.new_notebook(), config=config)
    assert executor.iopub_timeout == serve.IOPUB_TIMEOUT > VoilaExecutor.class_traits()["iopub_timeout"].default_value
    assert executor.raise_on_iopub_timeout is False  # a late output is waited for, never turned into an error page
    assert executor.startup_timeout == serve.STARTUP_TIMEOUT > VoilaExecutor.class_traits()["startup_timeout"].default_value


def test_preheat_pool_and_culling_reach_their_settings(tmp_path):
    config = _config(tmp_path)
    assert config.Voila.ip == "127.0.0.1"
    assert config.VoilaConfiguration.multi_kernel_manager_class == "shogun_tutor.serve.PoolAwareKernelManager"
    manager = serve.PoolAwareKernelManager(config=config)  # the settings as the kernel manager reads them
    assert (manager.cull_idle_timeout, manager.cull_interval) == (600, 30)
    assert manager.cull_connected is False and manager.cull_busy is False


def test_voila_serves_the_port_asked_for_or_none():
    """Voilà moves to the next free port by default, while ``shogun-tutor app`` has printed the one asked for (and the
    students' join link names it): it must not retry."""
    argv = serve.voila_argv(serve.notebook_path(), 8899, "127.0.0.1", pool_size=1, cull_idle=600, cull_interval=30,
                            open_browser=False)
    app = Voila()
    app.parse_command_line(argv)
    assert app.port == 8899 and app.port_retries == 0


def test_a_port_in_use_is_refused_with_a_clear_error_before_anything_starts():
    """Another program on the port: the command says so and stops (it used to print the port, then serve another)."""
    import socket
    import subprocess
    import sys

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert port_taken("127.0.0.1", port)
        done = subprocess.run([sys.executable, "-m", "shogun_tutor", "app", "--port", str(port)],
                              capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert f"port {port} on 127.0.0.1 is in use" in done.stderr and "another --port" in done.stderr
    assert "Students join" not in done.stdout and "Only this computer" not in done.stdout  # nothing printed as served
    assert not port_taken("127.0.0.1", port)  # closed with the socket: free again
