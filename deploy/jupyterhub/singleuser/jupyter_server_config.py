# Jupyter Server config of each visitor's server (JUPYTER_CONFIG_DIR): Voila as `shogun-tutor app` sets it up.
from shogun_tutor.serve import configure_server_extension

configure_server_extension(c)  # noqa: F821
