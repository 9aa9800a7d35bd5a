"""The Discord layer: slash commands, buttons and messages over the game service.

It translates: an interaction in, a service call, the service's announcements out as messages.
No rule of the game lives here.
"""
