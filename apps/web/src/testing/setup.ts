import { configure } from '@testing-library/react';

// Lazily loaded screens (dialogs, panels) arrive in one import on a quiet machine but can take a few
// seconds while another test run shares the cores: wait for them as long as a person would, not 1 s.
configure({ asyncUtilTimeout: 5_000 });
