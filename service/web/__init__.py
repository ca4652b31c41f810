"""The players' web pages (issue 16): server-rendered with Jinja2, a little progressive
JavaScript (the page reloads when the game's event stream says it moved; a move's
button posts to the /v1 API), and the same service.play calls as the /v1 API. Who a
browser is: service/web/seats.py."""
