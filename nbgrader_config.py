load_subconfig("grader_config.py", path=__import__("os").path.dirname(__file__))  # noqa: F821 -- settings live in grader_config.py
