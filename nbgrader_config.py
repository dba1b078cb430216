load_subconfig("grader_config.py")  # noqa: F821 -- the course's settings live in grader_config.py
