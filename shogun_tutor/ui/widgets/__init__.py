"""The app's widget plumbing, apart from its panels (``ui/``): what talks to the browser or the page.

* :mod:`.plotly_widget` and ``plotly_widget.js``: plotly figures as widgets that send only what changed;
* :mod:`.bridge`: the page-wide keyboard and "why?" link listener; :mod:`.keys` routes its keys;
* :mod:`.choice_list`: a list box whose options are read whole (the guided game's decisions with their odds);
* :mod:`.board_scroll`: scrolls the board's box to a province on a phone;
* :mod:`.address`: the page's address and the device's seat tokens; :mod:`.visit`: the visitor's address as
  Voila hands it to the kernel;
* :mod:`.live`: the kernel's poll of a shared session's store.

Nothing here imports a panel (``tests/architecture/test_imports.py``).
"""
