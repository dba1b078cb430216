"""What instructors run: build notebooks from course/, grade submissions, score written answers."""
