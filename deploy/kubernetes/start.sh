#!/bin/sh
# Entry point of the visitors' image: the environment of `shogun-tutor app` (the shogun Voila
# template and plotly's shared widget module on the Jupyter path, no widget echo), then the command.
set -e
eval "$(python -c 'from shogun_tutor.serve import shell_exports; print(shell_exports())')"
exec "$@"
