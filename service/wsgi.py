"""WSGI entry point for gunicorn: `gunicorn service.wsgi:app`."""
from service import logs
from service.app import create_app

logs.configure()
app = create_app()
