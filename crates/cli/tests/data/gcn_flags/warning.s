.warning "a warning that -w hides"
s_endpgm
