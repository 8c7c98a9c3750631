import json

import pytest


@pytest.fixture(scope="session")
def shipped_file(tmp_path_factory):
    """What the static build ships to the browser (the board's geometry and the names' places in every language),
    made once per run as the build makes it (~20 s, less with the installation's disk cache of the places)."""
    from shogun_tutor.viz import label_table

    path = tmp_path_factory.mktemp("shipped") / "geometry.json"
    path.write_text(json.dumps(label_table.for_shipping(), separators=(",", ":")))
    return path
